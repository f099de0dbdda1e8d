// A patient joins or leaves a psychologist's list in two modules: cuentas (registration with the
// linking code) and administracion (reassignment). Both tell the psychologists concerned the same
// way (decision 266), so their open patient lists and agenda selects read themselves again.
import { sala } from '@miduelo/shared/realtime';
import type { Realtime } from '../plugins/realtime';

/** Call after the transaction that linked the patient committed. `de`: the psychologist who had the
 * patient (none for a new account); `a`: the one who has them now. */
export function publicarVinculo(realtime: Realtime, o: { idPaciente: number; de: number | null; a: number }) {
  if (o.de !== null) realtime.emitir(sala.psicologo(o.de), 'pacientes:cambio', { tipo: 'desvinculado', id_paciente: o.idPaciente });
  realtime.emitir(sala.psicologo(o.a), 'pacientes:cambio', { tipo: 'vinculado', id_paciente: o.idPaciente });
}
