// The server events a screen may follow by name alone, each with its shared schema: `useEvento`
// validates every payload before the screen sees it (decision 314; an invalid one is logged and
// dropped, as `useEventoSocket` does). An event without a schema here cannot be followed this way.
import { MiActividadCambioSchema, RecordatorioActividadSchema } from '@miduelo/shared/realtime-actividades';
import {
  EventoCreadoSchema,
  EventoEscribiendoSchema,
  EventoLeidoSchema,
  EventoMensajeSchema,
  EventoNoLeidosSchema,
} from '@miduelo/shared/realtime-chat';
import { MiCitaCambioSchema } from '@miduelo/shared/realtime-agenda';
import {
  EventoActividadSchema,
  EventoCambioForoSchema,
  EventoConteosSchema,
  EventoConteoTemaSchema,
  EventoMensajeForoSchema,
  EventoOcultoSchema,
  EventoRemovidoSchema,
  EventoTemaSchema,
} from '@miduelo/shared/realtime-foros';
import type * as v from 'valibot';
import { useEventoSocket } from './use-evento-socket';

export const ESQUEMAS_EVENTO = {
  'chat:mensaje': EventoMensajeSchema,
  'chat:no-leidos': EventoNoLeidosSchema,
  'chat:leido': EventoLeidoSchema,
  'chat:creado': EventoCreadoSchema,
  'chat:escribiendo': EventoEscribiendoSchema,
  'mi-cita:cambio': MiCitaCambioSchema,
  'mi-actividad:cambio': MiActividadCambioSchema,
  'actividad:recordatorio': RecordatorioActividadSchema,
  'foro:mensaje': EventoMensajeForoSchema,
  'foro:mensaje-oculto': EventoOcultoSchema,
  'foro:tema': EventoTemaSchema,
  'foro:tema-actividad': EventoActividadSchema,
  'foro:tema-conteo': EventoConteoTemaSchema,
  'foro:conteos': EventoConteosSchema,
  'foro:cambio': EventoCambioForoSchema,
  'foro:removido': EventoRemovidoSchema,
} as const;

export type EventoConEsquema = keyof typeof ESQUEMAS_EVENTO;
export type DatosDe<E extends EventoConEsquema> = v.InferOutput<(typeof ESQUEMAS_EVENTO)[E]>;

/** Listens to one server event while the component is mounted, its payload validated. */
export function useEvento<E extends EventoConEsquema>(evento: E, manejar: (datos: DatosDe<E>) => void): void {
  useEventoSocket(evento, ESQUEMAS_EVENTO[evento] as unknown as v.GenericSchema<unknown, DatosDe<E>>, manejar);
}
