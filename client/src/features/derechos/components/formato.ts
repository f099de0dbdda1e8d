import type { SolicitudArcoAdmin } from '@miduelo/shared/derechos-solicitudes';

export const nombrePaciente = (s: SolicitudArcoAdmin) =>
  [s.paciente.nombre, s.paciente.apellido_paterno, s.paciente.apellido_materno].filter(Boolean).join(' ');

/** "Quedan 12 días hábiles", "Vence hoy", "Vencida hace 3 días hábiles". */
export function textoPlazo(dias: number): string {
  if (dias === 0) return 'Vence hoy';
  if (dias > 0) return dias === 1 ? 'Queda 1 día hábil' : `Quedan ${dias} días hábiles`;
  return dias === -1 ? 'Vencida hace 1 día hábil' : `Vencida hace ${-dias} días hábiles`;
}
