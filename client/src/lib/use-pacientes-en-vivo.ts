// The psychologist's patients as a live list, for the two screens that show them: the patient list
// and the agenda's Paciente select (decision 060). One place for their order and for patients who
// join or leave; the risk flag's event is the list screen's own (the select does not show it).
import { porApellido } from '@miduelo/shared/nombres';
import type { Paciente } from '@miduelo/shared/pacientes';
import { PacientesCambioSchema } from '@miduelo/shared/realtime-pacientes';
import { listarPacientes } from '@/api/pacientes';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useListaViva } from '@/nucleo/live/use-lista-viva';

/**
 * Reloaded when the socket reconnects and every 30 s while it is down; rows patched live stay in the
 * server's order (`porApellido`). A patient linked to this psychologist (registered with the linking
 * code, reassigned by an administrator), reassigned away (decision 266) or who changed her phone or
 * email in the app (decision 293) reads the list again.
 */
export function usePacientesEnVivo(alFallar: (error: unknown) => void) {
  const lista = useListaViva<Paciente>({ cargar: listarPacientes, id: (p) => p.id_paciente, orden: porApellido, alFallar });
  const { recargar } = lista;
  // A reload rather than a patch: the list's deletions are final (lib/live/lista), and a patient
  // reassigned away may come back; the server's answer has them as they are now, in order.
  useEventoSocket('pacientes:cambio', PacientesCambioSchema, () => recargar());
  return lista;
}
