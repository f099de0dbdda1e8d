// The patient's view of an appointment and its live push, shared by the agenda (which owns the
// appointments) and the administration (deleting a psychologist takes their appointments along;
// reassigning a patient cancels her upcoming ones with the former psychologist, decision 300).
import type { Cita, CitaPaciente, OrigenCita } from '@miduelo/shared/agenda';
import { recortarHora } from '@miduelo/shared/agenda-tiempo';
import { sala } from '@miduelo/shared/realtime';
import type { TipoCambio } from '@miduelo/shared/realtime-agenda';
import type { Realtime } from '../plugins/realtime';
import type { Cifrador } from './cifrado';

/** The AAD of an appointment's notes: their ciphertext opens only in this column (decision 070). */
export const COLUMNA_NOTAS_CITA = 'cita.notas';

type Tipado = 'modalidad' | 'estado' | 'origen' | 'hora_inicio' | 'hora_fin' | 'notas';
/** The columns of a `cita` row that need reading: text holding its check constraint's values, hours
 * as `HH:mm:ss`, notes still ciphertext. */
interface FilaCita {
  modalidad: string;
  estado: string;
  origen: string;
  hora_inicio: string;
  hora_fin: string;
  notas: string | null;
}

/** A `cita` row as the API's appointment: hours `HH:mm`, the notes opened in their column, the text
 * columns typed (they hold their check constraints' values). The administration's pushes of
 * appointments it changes (a deleted psychologist's, a reassigned patient's) read rows this way. */
export function citaDeFila<F extends FilaCita>(cif: Cifrador, f: F): Omit<F, Tipado> & Pick<CitaPaciente, Tipado> {
  return {
    ...f,
    modalidad: f.modalidad as CitaPaciente['modalidad'],
    estado: f.estado as CitaPaciente['estado'],
    origen: f.origen as CitaPaciente['origen'],
    hora_inicio: recortarHora(f.hora_inicio),
    hora_fin: recortarHora(f.hora_fin),
    notas: f.notas === null ? null : cif.leer(f.notas, COLUMNA_NOTAS_CITA),
  };
}

/** The patient's view of an appointment: the psychologist's notes stay with the psychologist;
 * the patient sees only the notes they wrote themselves when requesting it (decision 038). */
export function vistaCitaPaciente(c: CitaPaciente): CitaPaciente {
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

/** `mi-cita:cambio` to the patient's room (every device of theirs; Web Push when none is open). */
export function publicarCitaAlPaciente(realtime: Realtime, idPaciente: number, tipo: TipoCambio, por: OrigenCita, c: CitaPaciente) {
  realtime.emitir(sala.paciente(idPaciente), 'mi-cita:cambio', { tipo, por, cita: vistaCitaPaciente(c) });
}

/** `cita:cambio` to the psychologist's room: the full appointment, as the agenda sends it. */
export function publicarCitaAlPsicologo(realtime: Realtime, idPsicologo: number, tipo: TipoCambio, por: OrigenCita, c: Cita) {
  realtime.emitir(sala.psicologo(idPsicologo), 'cita:cambio', { tipo, por, cita: c });
}
