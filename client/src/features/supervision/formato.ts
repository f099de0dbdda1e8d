import { nombreCompleto } from '@miduelo/shared/nombres';
import type { PersonaSupervision } from '@miduelo/shared/supervision';

export const nombre = (p: PersonaSupervision) => nombreCompleto(p);

/** "hace 5 min", "hace 3 h", "hace 2 días": how long something has waited (never negative). */
export function hace(iso: string, ahora: Date): string {
  const min = Math.max(0, Math.floor((ahora.getTime() - new Date(iso).getTime()) / 60_000));
  if (min < 1) return 'hace un momento';
  if (min < 60) return `hace ${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `hace ${h} h`;
  const d = Math.floor(h / 24);
  return `hace ${d} días`;
}

// The server's clock against this device's, learnt from an opening's answer (`abierta_en` is the
// server's now): the time left of an opening is counted on the server's clock.
let desfaseMs = 0;
export function fijarRelojServidor(ahoraServidor: string): void {
  desfaseMs = Date.parse(ahoraServidor) - Date.now();
}
/** The server's now, given this device's. */
export const enRelojServidor = (ahora: Date) => ahora.getTime() + desfaseMs;
