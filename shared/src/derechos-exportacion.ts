// The patient's right of access (ARCO, LFPDPPP art. 23; issue 56, decision 376): the JSON inside
// "Descargar mis datos". Its valibot schema is the contract: the server validates what it writes
// against it, the ZIP carries it as JSON Schema, and the tests read the file through it.
import * as v from 'valibot';

export const FORMATO_EXPORTACION = 'miduelo-exportacion';
export const VERSION_EXPORTACION = 1;

/** Exports per account and window (the patient's own, and an administrator's of one patient). */
export const EXPORTACIONES_POR_VENTANA = 5;
export const VENTANA_EXPORTACIONES_MS = 60 * 60_000;

export const MSG_EXPORTACION = {
  demasiadas: (minutos: number) =>
    `Estos datos se descargaron varias veces en poco tiempo. Espera ${Math.max(1, Math.ceil(minutos))} minutos antes de intentarlo de nuevo.`,
  enCurso: 'Ya se está preparando una descarga de estos datos. Espera a que termine.',
  pacienteNoEncontrado: 'Paciente no encontrado',
} as const;

/** What the export says in plain words (also printed in the PDF). */
export const TEXTO_EXPORTACION = {
  titulo: 'Mis datos en MiDuelo',
  rectificacion:
    'Si algún dato de tu perfil no es correcto, puedes corregirlo tú misma(o) en la app, en Ajustes → Datos de contacto, o pedirlo a tu psicóloga o psicólogo.',
  expediente:
    'Tu psicóloga o psicólogo lleva tu expediente clínico (notas de sesión e interpretación de tests). Ese expediente es de tu atención clínica y se conserva al menos cinco años (NOM-004-SSA3-2012). No se incluye en esta descarga: puedes pedir una copia o un resumen directamente a tu psicóloga o psicólogo.',
  terceros:
    'Esta descarga contiene solo tus datos. En los foros se incluyen únicamente tus publicaciones; las de otras personas y sus nombres no se incluyen. En tus conversaciones se incluyen los mensajes que te escribieron, sin datos de nadie más.',
  archivos: 'Los archivos de tus evidencias están en la carpeta evidencias/ de esta descarga.',
} as const;

const fecha = v.pipe(v.string(), v.isoDate());
const instante = v.pipe(v.string(), v.isoTimestamp());
const hora = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/));
const textoONulo = v.nullable(v.string());

export const PerfilExportadoSchema = v.object({
  id_paciente: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: textoONulo,
  email: v.string(),
  telefono: v.string(),
  fecha_nacimiento: fecha,
  fecha_perdida: v.nullable(fecha),
  persona_perdida: textoONulo,
  estado: v.picklist(['activo', 'inactivo']),
  cuenta_creada_en: instante,
  cuenta_activada_en: v.nullable(instante),
  /** Her own psychologist (the person who treats her; the relationship is her data too). */
  psicologo: v.nullable(v.object({ nombre: v.string(), cedula: v.string() })),
});

export const ConsentimientoExportadoSchema = v.object({
  tipo: v.picklist(['aviso_privacidad', 'consentimiento_informado']),
  version: v.number(),
  titulo: v.string(),
  aceptado_en: instante,
});

export const CitaExportadaSchema = v.object({
  id_cita: v.number(),
  fecha,
  hora_inicio: hora,
  hora_fin: hora,
  modalidad: v.string(),
  estado: v.string(),
  notas: textoONulo,
  solicitada_por: v.picklist(['psicologo', 'paciente']),
});

export const MensajeExportadoSchema = v.object({
  seq: v.number(),
  /** Who wrote it, by role only: 'paciente' is her. */
  remitente: v.picklist(['paciente', 'psicologo', 'admin']),
  contenido: v.string(),
  fecha_envio: instante,
});

export const ConversacionExportadaSchema = v.object({
  con: v.picklist(['psicologo', 'equipo_miduelo']),
  mensajes: v.array(MensajeExportadoSchema),
});

export const EntradaDiarioExportadaSchema = v.object({
  fecha,
  emocion: v.string(),
  intensidad: v.number(),
  nota: textoONulo,
  compartida_con_psicologo: v.boolean(),
  creada_en: instante,
});

export const EvidenciaExportadaSchema = v.object({
  id_evidencia: v.number(),
  tipo_archivo: v.string(),
  nombre_archivo: textoONulo,
  mime: textoONulo,
  tamano: v.nullable(v.number()),
  enlace: textoONulo,
  comentario: textoONulo,
  fecha_subida: instante,
  /** Path of the file inside the ZIP; null for a link, or a file that could not be read. */
  archivo_en_zip: textoONulo,
});

export const ActividadExportadaSchema = v.object({
  id_asignacion: v.number(),
  titulo: v.string(),
  estado: v.string(),
  fecha_asignacion: instante,
  fecha_limite: v.nullable(fecha),
  fecha_completada: v.nullable(instante),
  instrucciones: textoONulo,
  evidencia_visible_para_psicologo: v.boolean(),
  /** Only what she uploaded. */
  evidencias: v.array(EvidenciaExportadaSchema),
});

export const PublicacionForoExportadaSchema = v.object({
  foro: v.string(),
  tema: v.string(),
  /** She opened this topic. */
  tema_propio: v.boolean(),
  contenido: v.string(),
  fecha_envio: instante,
  oculta_por_moderacion: v.boolean(),
});

export const OposicionSchema = v.object({
  correos: v.boolean(),
  push: v.boolean(),
  foro_sin_nombre: v.boolean(),
});

export const ExpedienteClinicoResumenSchema = v.object({
  notas: v.object({ total: v.number(), primera: v.nullable(instante), ultima: v.nullable(instante) }),
  tests: v.object({ total: v.number(), primera: v.nullable(instante), ultima: v.nullable(instante) }),
  como_solicitarlo: v.string(),
});

export const ExportacionSchema = v.object({
  formato: v.literal(FORMATO_EXPORTACION),
  version: v.literal(VERSION_EXPORTACION),
  generada_en: instante,
  avisos: v.object({ rectificacion: v.string(), terceros: v.string(), archivos: v.string() }),
  perfil: PerfilExportadoSchema,
  consentimientos: v.array(ConsentimientoExportadoSchema),
  citas: v.array(CitaExportadaSchema),
  conversaciones: v.array(ConversacionExportadaSchema),
  diario: v.array(EntradaDiarioExportadaSchema),
  actividades: v.array(ActividadExportadaSchema),
  foros: v.array(PublicacionForoExportadaSchema),
  oposicion: OposicionSchema,
  expediente_clinico: ExpedienteClinicoResumenSchema,
});
export type Exportacion = v.InferOutput<typeof ExportacionSchema>;

/** The ZIP's file name: the patient's id and the clinic date. */
export const nombreArchivoExportacion = (idPaciente: number, fechaClinica: string) => `miduelo-mis-datos-${idPaciente}-${fechaClinica}.zip`;
