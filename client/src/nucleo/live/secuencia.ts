// Pure merge of a live sequence (chat messages, forum posts): each stored item has a
// per-conversation sequence number; items still on their way carry only the client id they were
// sent with (`seq` null). Live events, HTTP pages and send answers all go through `fusionarPorSeq`,
// so an item seen twice (event + answer, or a resync overlapping a page) is shown once.

export type EstadoEnvio = 'enviado' | 'enviando' | 'error';

/** What the core needs of an item of a sequence. */
export interface ItemSecuencia {
  seq: number | null;
  id_cliente: string | null;
  estado: EstadoEnvio;
}

/** A stored item as the server sends it (always numbered, no local send state). */
type Guardado<T extends ItemSecuencia> = Omit<T, 'estado' | 'seq'> & { seq: number };

/** Stored first by sequence number, pending sends after them in the order they were made. */
function ordenarPorSeq<T extends ItemSecuencia>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
    if (a.seq === null && b.seq === null) return 0;
    return a.seq === null ? 1 : -1;
  });
}

/**
 * Adds stored items: each sequence number once (a later copy replaces the earlier one), and the
 * pending copy of a send disappears when the stored item with its client id arrives.
 * `combinar` keeps local knowledge the new copy may lack (e.g. a read receipt that came first).
 */
export function fusionarPorSeq<T extends ItemSecuencia>(
  actuales: T[],
  nuevos: Guardado<T>[],
  combinar: (nuevo: T, previo: T | undefined) => T = (nuevo) => nuevo,
): T[] {
  if (nuevos.length === 0) return actuales;
  const porSeq = new Map<number, T>();
  const pendientes: T[] = [];
  for (const m of actuales) {
    if (m.seq === null) pendientes.push(m);
    else porSeq.set(m.seq, m);
  }
  const confirmados = new Set<string>();
  for (const n of nuevos) {
    const guardado = { ...n, estado: 'enviado' } as unknown as T;
    porSeq.set(n.seq, combinar(guardado, porSeq.get(n.seq)));
    if (n.id_cliente) confirmados.add(n.id_cliente);
  }
  return ordenarPorSeq([...porSeq.values(), ...pendientes.filter((p) => !p.id_cliente || !confirmados.has(p.id_cliente))]);
}

/**
 * Merges stored items only (the patient's app keeps its sends in an outbox, not in the list): each
 * sequence number once, in order; `combinar` keeps local knowledge the new copy may lack (a read
 * receipt that came first), else the later copy replaces the earlier one.
 */
export function fusionarGuardados<T extends { seq: number }>(
  actuales: T[],
  nuevos: readonly T[],
  combinar: (nuevo: T, previo: T | undefined) => T = (nuevo) => nuevo,
): T[] {
  if (nuevos.length === 0) return actuales;
  const porSeq = new Map(actuales.map((m) => [m.seq, m]));
  for (const n of nuevos) porSeq.set(n.seq, combinar(n, porSeq.get(n.seq)));
  return [...porSeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * Where a resync starts: the end of the unbroken run of stored sequence numbers that begins at the
 * oldest one held (0 when none). Sequences are numbered without gaps, so a hole means an item was
 * missed (seq 3 came by event while seq 2 was lost with the connection); asking "after the highest"
 * would skip it for good.
 */
export const ultimoSeqContiguo = (items: readonly Pick<ItemSecuencia, 'seq'>[] | undefined): number => {
  const seqs = [...new Set((items ?? []).flatMap((m) => (m.seq === null ? [] : [m.seq])))].sort((a, b) => a - b);
  if (seqs.length === 0) return 0;
  let fin = seqs[0];
  for (const seq of seqs.slice(1)) {
    if (seq !== fin + 1) break;
    fin = seq;
  }
  return fin;
};

/** The lowest stored sequence number, for loading older pages; null when nothing is stored. */
export const primerSeq = (items: readonly Pick<ItemSecuencia, 'seq'>[] | undefined): number | null => {
  const seqs = (items ?? []).flatMap((m) => (m.seq === null ? [] : [m.seq]));
  return seqs.length === 0 ? null : Math.min(...seqs);
};

/**
 * Resync after the last known sequence number, in batches, until a short batch says nothing is
 * left (a reconnect, a poll while the socket is down, or a join that answered `hay_mas`).
 * Returns every item received; `aplicar` is called once per batch.
 */
export async function sincronizarDespuesDe<T>({
  desde,
  pedir,
  aplicar,
  seqDe,
  lote,
  maxVueltas = 20,
}: {
  /** The last sequence number known now (read again before each batch). */
  desde: () => number;
  pedir: (despues_de: number, limite: number) => Promise<T[]>;
  aplicar: (lote: T[]) => void;
  seqDe: (item: T) => number;
  lote: number;
  maxVueltas?: number;
}): Promise<T[]> {
  const recibidos: T[] = [];
  for (let vuelta = 0; vuelta < maxVueltas; vuelta++) {
    const desdeSeq = desde();
    const nuevos = (await pedir(desdeSeq, lote)).filter((m) => seqDe(m) > desdeSeq);
    if (nuevos.length > 0) aplicar(nuevos);
    recibidos.push(...nuevos);
    if (nuevos.length < lote) break;
  }
  return recibidos;
}
