// Live pushes of activities, each called after the transaction that produced it committed: the
// psychologist's room gets their view (visible evidence only), the patient's room gets theirs.
import type { Asignacion } from '@miduelo/shared/actividades';
import { sala } from '@miduelo/shared/realtime';
import type { AutorCambioActividad, TipoCambioActividad } from '@miduelo/shared/realtime-actividades';
import type { Realtime } from '../../plugins/realtime';

export function publicarAsignacion(
  realtime: Realtime,
  tipo: TipoCambioActividad,
  o: { idPsicologo: number | null; psicologo: Asignacion; paciente: Asignacion; por: AutorCambioActividad },
) {
  if (o.idPsicologo !== null)
    realtime.emitir(sala.psicologo(o.idPsicologo), 'actividad:cambio', {
      tipo,
      id_paciente: o.psicologo.id_paciente,
      asignacion: o.psicologo,
    });
  realtime.emitir(sala.paciente(o.paciente.id_paciente), 'mi-actividad:cambio', { tipo, por: o.por, asignacion: o.paciente });
}

export function publicarRecordatorio(realtime: Realtime, idPaciente: number, o: { id_asignacion: number; titulo: string }) {
  realtime.emitir(sala.paciente(idPaciente), 'actividad:recordatorio', o);
}
