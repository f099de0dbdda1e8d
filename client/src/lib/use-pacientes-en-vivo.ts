// The psychologist's patients as a live list, for the two screens that show them: the patient list
// and the agenda's Paciente select (decision 060). One place for their order and their events.
import { type Paciente, porApellido } from '@miduelo/shared/pacientes';
import { AplicacionEventoSchema } from '@miduelo/shared/realtime-expediente';
import { PacientesCambioSchema } from '@miduelo/shared/realtime-pacientes';
import { listarPacientes } from '@/api/pacientes';
import { useEventoSocket } from '@/lib/live/use-evento-socket';
import { useListaViva } from '@/lib/live/use-lista-viva';

/**
 * Reloaded when the socket reconnects and every 30 s while it is down; rows patched live stay in the
 * server's order (`porApellido`). A patient linked to this psychologist (registered with the linking
 * code, reassigned by an administrator) or reassigned away reads the list again (decision 266).
 */
export function usePacientesEnVivo(alFallar: (error: unknown) => void) {
  const lista = useListaViva<Paciente>({ cargar: listarPacientes, id: (p) => p.id_paciente, orden: porApellido, alFallar });
  const { items, aplicar, recargar } = lista;
  // The risk flag (decision 104) changes when a test is applied to a patient, from any tab.
  useEventoSocket('expediente:aplicacion', AplicacionEventoSchema, (e) => {
    const p = items.find((x) => x.id_paciente === e.id_paciente);
    if (p && p.riesgo !== e.riesgo_paciente) aplicar({ tipo: 'guardado', item: { ...p, riesgo: e.riesgo_paciente } });
  });
  // A reload rather than a patch: the list's deletions are final (lib/live/lista), and a patient
  // reassigned away may come back; the server's answer has them as they are now, in order.
  useEventoSocket('pacientes:cambio', PacientesCambioSchema, () => recargar());
  return lista;
}
