// Live pushes of the agenda. Every function here is called after the transaction committed.
import type { CitaPaciente, Disponibilidad, Excepcion, OrigenCita } from '@miduelo/shared/citas';
import { sala } from '@miduelo/shared/realtime';
import type { TipoCambio } from '@miduelo/shared/realtime-citas';
import type { Realtime } from '../../plugins/realtime';
import type { CitaConDueno } from './repo';

/** The patient's view of an appointment: the psychologist's notes stay with the psychologist;
 * the patient sees only the notes they wrote themselves when requesting it (decision 038). */
export function vistaPaciente(c: CitaConDueno): CitaPaciente {
  return {
    id_cita: c.id_cita,
    fecha: c.fecha,
    hora_inicio: c.hora_inicio,
    hora_fin: c.hora_fin,
    duracion: c.duracion,
    modalidad: c.modalidad,
    estado: c.estado,
    notas: c.origen === 'paciente' ? c.notas : null,
    origen: c.origen,
    version: c.version,
  };
}

export function publicarCita(realtime: Realtime, tipo: TipoCambio, por: OrigenCita, c: CitaConDueno) {
  const { id_psicologo: _p, ...cita } = c;
  realtime.emitir(sala.psicologo(c.id_psicologo), 'cita:cambio', { tipo, por, cita });
  realtime.emitir(sala.paciente(c.id_paciente), 'mi-cita:cambio', { tipo, por, cita: vistaPaciente(c) });
}

export function publicarDisponibilidad(realtime: Realtime, idPsicologo: number, disponibilidad: Disponibilidad[]) {
  realtime.emitir(sala.psicologo(idPsicologo), 'disponibilidad:cambio', { disponibilidad });
}

export function publicarExcepcion(realtime: Realtime, tipo: 'creada' | 'eliminada', excepcion: Excepcion) {
  realtime.emitir(sala.psicologo(excepcion.id_psicologo), 'excepcion:cambio', { tipo, excepcion });
}
