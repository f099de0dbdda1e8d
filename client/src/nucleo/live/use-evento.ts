// The server events a screen may follow by name alone, each with its shared schema: `useEvento`
// validates every payload before the screen sees it (decision 314; an invalid one is logged and
// dropped, as `useEventoSocket` does). An event without a schema in a map cannot be followed this
// way. One map per group of screens, so that a first load carries only the schemas its screens
// use: chat, appointments and activities here (the patient app's Home and frame); the forums in
// use-evento-foros.ts (their screens load later).
import { MiActividadCambioSchema, RecordatorioActividadSchema } from '@miduelo/shared/realtime-actividades';
import {
  EventoCreadoSchema,
  EventoEscribiendoSchema,
  EventoLeidoSchema,
  EventoMensajeSchema,
  EventoNoLeidosSchema,
} from '@miduelo/shared/realtime-chat';
import { MiCitaCambioSchema } from '@miduelo/shared/realtime-agenda';
import type { ServerToClientEvents } from '@miduelo/shared/realtime';
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
} as const;

type MapaDeEsquemas = { readonly [E in keyof ServerToClientEvents]?: v.GenericSchema };

/** Listens to `evento` of `mapa` while the component is mounted, its payload validated against the
 * map's schema. Each map's file gives its own short form (`useEvento`, `useEventoForo`). */
export function useEventoDe<M extends MapaDeEsquemas, E extends keyof M & keyof ServerToClientEvents>(
  mapa: M,
  evento: E,
  manejar: (datos: v.InferOutput<NonNullable<M[E]>>) => void,
): void {
  useEventoSocket(evento, mapa[evento] as unknown as v.GenericSchema<unknown, v.InferOutput<NonNullable<M[E]>>>, manejar);
}

export type DatosDe<E extends keyof typeof ESQUEMAS_EVENTO> = v.InferOutput<(typeof ESQUEMAS_EVENTO)[E]>;

/** Listens to one chat, appointment or activity event while the component is mounted, its payload validated. */
export function useEvento<E extends keyof typeof ESQUEMAS_EVENTO>(evento: E, manejar: (datos: DatosDe<E>) => void): void {
  useEventoDe(ESQUEMAS_EVENTO, evento, manejar);
}
