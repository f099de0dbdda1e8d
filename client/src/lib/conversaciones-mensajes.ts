// Pure helpers of the conversation store: client ids and merging messages by sequence number.
import type { MensajeConv, MensajeServidor } from './conversaciones-tipos';

/** A random client id for idempotent sends (also outside secure contexts, unlike randomUUID). */
export function nuevoIdCliente(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const ordenar = (ms: MensajeConv[]) =>
  ms.sort((a, b) => {
    if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
    if (a.seq === null && b.seq === null) return 0;
    return a.seq === null ? 1 : -1;
  });

/** Adds stored messages to a conversation: each seq once, replacing the pending copy of a send. */
export function fusionarMensajes(actuales: MensajeConv[], nuevos: MensajeServidor[]): MensajeConv[] {
  if (nuevos.length === 0) return actuales;
  const porSeq = new Map<number, MensajeConv>();
  const pendientes: MensajeConv[] = [];
  for (const m of actuales) {
    if (m.seq === null) pendientes.push(m);
    else porSeq.set(m.seq, m);
  }
  const confirmados = new Set<string>();
  for (const n of nuevos) {
    const previo = porSeq.get(n.seq);
    // A read receipt may have arrived before this copy: never turn "read" back into "unread".
    porSeq.set(n.seq, { ...n, leido: n.leido || Boolean(previo?.leido), estado: 'enviado' });
    if (n.id_cliente) confirmados.add(n.id_cliente);
  }
  return ordenar([...porSeq.values(), ...pendientes.filter((p) => !p.id_cliente || !confirmados.has(p.id_cliente))]);
}

export const ultimoSeq = (ms: MensajeConv[] | undefined) =>
  (ms ?? []).reduce((max, m) => (m.seq !== null && m.seq > max ? m.seq : max), 0);
