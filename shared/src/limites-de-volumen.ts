// Volume limits of clinical records and evidence (docs/decisions/334): values a real practice
// never reaches, so only a script or a runaway client meets them.

/** Window of the per-account rates below. */
export const VENTANA_REGISTROS_MS = 60_000;

/** Test applications, clinical notes, diary entries and evidence uploads per account and minute,
 * each counted apart, over every device and server node (the server's default). */
export const REGISTROS_POR_MINUTO = 30;

/** Evidence files stored for one patient, over all their assignments and both sides (the server's default). */
export const CUOTA_EVIDENCIAS_BYTES = 500 * 1024 * 1024;

export const MSG_LIMITES = {
  demasiadosRegistros: (segundos: number) =>
    `Se alcanzó el límite de registros por minuto. Espera ${Math.max(1, Math.ceil(segundos))} segundos antes de intentarlo de nuevo.`,
  cuotaEvidencias: (mb: number) =>
    `Se alcanzó el espacio disponible para las evidencias de este paciente (${mb} MB). No se guardó el archivo.`,
} as const;
