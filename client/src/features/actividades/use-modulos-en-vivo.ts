import type { Modulo } from '@miduelo/shared/actividades';
import { ActividadCambioSchema } from '@miduelo/shared/realtime-actividades';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { listarModulos } from '@/api/actividades';

/** The five modules of a patient, reloaded when any of the patient's activities changes. */
export function useModulosEnVivo(idPaciente: number) {
  const r = useLiveResource<Modulo[]>({ fetch: (signal) => listarModulos(idPaciente, signal), deps: [idPaciente] });
  useEventoSocket('actividad:cambio', ActividadCambioSchema, (e) => {
    if (e.id_paciente === idPaciente) r.recargar();
  });
  return r;
}
