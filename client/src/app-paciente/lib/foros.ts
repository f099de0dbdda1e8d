// The forums from the patient's app (issue 16's API at /api/foros, decisions 161 and 213): calls
// with the session's token, and the merge of a topic's posts by sequence number.
import type { MensajeForo } from '@miduelo/shared/foros';
import { api } from './api';

export const RUTA_FOROS = '/foros';

export function apiForos<T>(ruta: string, o: { metodo?: string; cuerpo?: unknown } = {}): Promise<T> {
  return api<T>(ruta, { ...o, raiz: '/api/foros' });
}

/** Posts merged by `seq` (a post seen twice — answer, event, resync — is kept once), in order. */
export function fusionarPosts(actuales: MensajeForo[], nuevos: MensajeForo[]): MensajeForo[] {
  if (nuevos.length === 0) return actuales;
  const porSeq = new Map(actuales.map((m) => [m.seq, m]));
  for (const m of nuevos) porSeq.set(m.seq, m);
  return [...porSeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest `seq` with every earlier one present: what a resync continues from. */
export function ultimoContiguo(l: MensajeForo[]): number {
  let n = 0;
  for (const m of l) {
    if (m.seq === n + 1) n = m.seq;
    else if (m.seq > n + 1) break;
  }
  return n;
}

/** A client id for a post: a retry never publishes twice. */
export { nuevoIdCliente } from '@/nucleo/live/optimista';

/** "23 nov, 14:05" in the clinic's zone. */
export function fechaCorta(iso: string, zona: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    timeZone: zona,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}
