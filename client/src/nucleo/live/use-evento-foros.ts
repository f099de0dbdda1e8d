// The forums' events and their shared schemas (decision 314): a map of its own, so that the first
// load of a screen without forums does not carry them (use-evento.ts).
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
import { useEventoDe } from './use-evento';

export const ESQUEMAS_EVENTO_FOROS = {
  'foro:mensaje': EventoMensajeForoSchema,
  'foro:mensaje-oculto': EventoOcultoSchema,
  'foro:tema': EventoTemaSchema,
  'foro:tema-actividad': EventoActividadSchema,
  'foro:tema-conteo': EventoConteoTemaSchema,
  'foro:conteos': EventoConteosSchema,
  'foro:cambio': EventoCambioForoSchema,
  'foro:removido': EventoRemovidoSchema,
} as const;

export type DatosDeForo<E extends keyof typeof ESQUEMAS_EVENTO_FOROS> = v.InferOutput<(typeof ESQUEMAS_EVENTO_FOROS)[E]>;

/** Listens to one forum event while the component is mounted, its payload validated. */
export function useEventoForo<E extends keyof typeof ESQUEMAS_EVENTO_FOROS>(evento: E, manejar: (datos: DatosDeForo<E>) => void): void {
  useEventoDe(ESQUEMAS_EVENTO_FOROS, evento, manejar);
}
