// Optimistic sends: the item shows at once as 'enviando' with a fresh client id; the server stores
// a given client id at most once, so a retry after a lost answer never duplicates it.
import type { EstadoEnvio, ItemSecuencia } from './secuencia';

/** A random client id for idempotent sends (also outside secure contexts, unlike randomUUID). */
export function nuevoIdCliente(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The pending copy of a send, appended after the stored items. */
export function agregarPendiente<T extends ItemSecuencia>(items: T[], pendiente: T): T[] {
  return [...items.filter((m) => !(m.seq === null && m.id_cliente === pendiente.id_cliente)), pendiente];
}

/** Changes the pending copy of one send (its state after a failure or a retry). */
export function cambiarPendiente<T extends ItemSecuencia>(items: T[], idCliente: string, cambio: Partial<T>): T[] {
  return items.map((m) => (m.seq === null && m.id_cliente === idCliente ? { ...m, ...cambio } : m));
}

export const buscarPendiente = <T extends ItemSecuencia>(items: T[] | undefined, idCliente: string): T | undefined =>
  items?.find((m) => m.seq === null && m.id_cliente === idCliente);

/** Failed sends worth retrying by themselves (lost connection, server down), oldest first. */
export function pendientesAReintentar<T extends ItemSecuencia>(items: T[], sinRed: ReadonlySet<string>): T[] {
  return items.filter(
    (m) => m.seq === null && m.estado === ('error' satisfies EstadoEnvio) && m.id_cliente !== null && sinRed.has(m.id_cliente),
  );
}

/** Whether a failed send should be retried when the connection is back: it never reached a server
 * that answered (status 0) or the server failed (5xx); a 4xx is the server's final word. */
export const esFalloDeRed = (status: number): boolean => status === 0 || status >= 500;
