import { type Asignacion, masRecienteAsignacion } from '@miduelo/shared/actividades';
import { ActividadCambioSchema } from '@miduelo/shared/realtime-actividades';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useListaViva } from '@/nucleo/live/use-lista-viva';
import { listarAsignaciones } from '@/api/actividades';

/** A patient's assigned activities, kept live: the patient's uploads, visibility switch and
 * finishing, and this psychologist's changes in any tab, merged by id and version (decision 060). */
export function useAsignacionesEnVivo(idPaciente: number, alFallar?: (e: unknown, silenciosa: boolean) => void) {
  const lista = useListaViva<Asignacion>({
    cargar: (signal) => listarAsignaciones(idPaciente, signal),
    id: (a) => a.id_asignacion,
    version: (a) => a.version,
    // A changed row keeps its place (it went to the end of its ties in the tab's sort).
    orden: masRecienteAsignacion,
    deps: [idPaciente],
    alFallar,
  });
  useEventoSocket('actividad:cambio', ActividadCambioSchema, (e) => {
    if (e.id_paciente !== idPaciente) return;
    lista.aplicar({ tipo: e.tipo === 'eliminada' ? 'eliminado' : 'guardado', item: e.asignacion });
  });
  return lista;
}
