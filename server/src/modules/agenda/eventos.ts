// Live pushes of the agenda. Every function here is called after the transaction committed.
import type { Disponibilidad, Excepcion, OrigenCita } from '@miduelo/shared/agenda';
import { sala } from '@miduelo/shared/realtime';
import type { TipoCambio } from '@miduelo/shared/realtime-agenda';
import { publicarCitaAlPaciente } from '../../comun/cita-paciente';
import type { Realtime } from '../../plugins/realtime';
import type { CitaConDueno } from './repo';

export function publicarCita(realtime: Realtime, tipo: TipoCambio, por: OrigenCita, c: CitaConDueno) {
  const { id_psicologo: _p, ...cita } = c;
  realtime.emitir(sala.psicologo(c.id_psicologo), 'cita:cambio', { tipo, por, cita });
  publicarCitaAlPaciente(realtime, c.id_paciente, tipo, por, c);
}

export function publicarDisponibilidad(realtime: Realtime, idPsicologo: number, disponibilidad: Disponibilidad[]) {
  realtime.emitir(sala.psicologo(idPsicologo), 'disponibilidad:cambio', { disponibilidad });
}

export function publicarExcepcion(realtime: Realtime, tipo: 'creada' | 'eliminada', excepcion: Excepcion) {
  realtime.emitir(sala.psicologo(excepcion.id_psicologo), 'excepcion:cambio', { tipo, excepcion });
}
