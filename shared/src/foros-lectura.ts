// Reading an open topic again (decision 257, the web topic too since decision 269): every read —
// opening the topic, each reconnection, each 30-s poll while the socket is down — asks for the whole
// topic from its first post, batch after batch, so that a post a moderator hid or showed again while
// the reader was not listening changes too: the server's copy wins. A hide or show that arrives live
// while such a read is on its way may have been read before the change, so it is applied again over
// that read's answer (decision 240's rule). Used by the web topic and the patient app's.
import { LOTE_RESYNC_FORO } from './foros';

/** What the reader needs of a post: its place in the topic. */
interface PostNumerado {
  seq: number;
}

export interface LectorDeTema<T extends PostNumerado> {
  /**
   * Reads the topic from its first post in batches of `lote` (the server's most, 500), each batch
   * passed to `aplicar` with the changes that arrived during the read applied over it. `pedir`
   * answers the posts after `despuesDe`, in order.
   */
  releer(pedir: (despuesDe: number, limite: number) => Promise<T[]>, aplicar: (lote: T[]) => void, lote?: number): Promise<void>;
  /** A live change of one post (hidden, shown again): kept while a read is on its way. */
  anotar(seq: number, cambio: (m: T) => T): void;
}

export function lectorDeTema<T extends PostNumerado>(): LectorDeTema<T> {
  let enCamino = 0;
  const cambios = new Map<number, (m: T) => T>();
  const corregir = (posts: T[]) => (cambios.size === 0 ? posts : posts.map((m) => cambios.get(m.seq)?.(m) ?? m));
  return {
    async releer(pedir, aplicar, lote = LOTE_RESYNC_FORO) {
      enCamino++;
      try {
        let desde = 0;
        for (;;) {
          const r = await pedir(desde, lote);
          aplicar(corregir(r));
          const ultimo = r.at(-1)?.seq ?? desde;
          // A short batch is the topic's end (and a batch that does not move on would never end).
          if (r.length < lote || ultimo <= desde) return;
          desde = ultimo;
        }
      } finally {
        if (--enCamino === 0) cambios.clear();
      }
    },
    anotar(seq, cambio) {
      if (enCamino > 0) cambios.set(seq, cambio);
    },
  };
}
