// The list of conversations of a chat screen: loaded (and searched) with the newer of an answer's and
// a live event's unread count kept, and reordered as messages are stored.
import type { StoreApi } from 'zustand';
import type { AdaptadorConv, EstadoConv, MensajeServidor, ResumenBase } from './conversaciones-tipos';
import { visible } from './conversaciones-eventos';

interface ContextoLista<R extends ResumenBase> {
  ad: AdaptadorConv<R>;
  get: () => EstadoConv<R>;
  set: StoreApi<EstadoConv<R>>['setState'];
  /** Newest revision applied to each conversation's unread count by a live event. */
  revs: Map<number, number>;
  programarLectura: (id: number) => void;
}

export function crearLista<R extends ResumenBase>({ ad, get, set, revs, programarLectura }: ContextoLista<R>) {
  let controlLista: AbortController | null = null;

  /** The summary follows a stored message: preview, sequence, and the conversation moves first. */
  function alListado(m: MensajeServidor) {
    const { chats } = get();
    const i = chats.findIndex((c) => ad.idDe(c) === m.id_chat);
    if (i === -1) {
      void cargarLista();
      return;
    }
    const c = chats[i];
    if (m.seq < c.ultimo_seq) return;
    const nuevo = {
      ...c,
      ultimo_seq: m.seq,
      ultimo_mensaje: { contenido: m.contenido, remitente: m.remitente, fecha_envio: m.fecha_envio },
    };
    set({ chats: [nuevo, ...chats.slice(0, i), ...chats.slice(i + 1)] });
  }

  async function cargarLista(): Promise<void> {
    controlLista?.abort();
    const control = new AbortController();
    controlLista = control;
    try {
      const termino = get().busqueda.trim();
      const lista = await ad.listar(termino, control.signal);
      if (control.signal.aborted) return;
      const abierto = get().seleccionado;
      const chats = lista.map((r) => {
        const id = ad.idDe(r);
        // An event newer than this answer already set the count.
        const local = get().chats.find((c) => ad.idDe(c) === id);
        if (local && (revs.get(id) ?? -1) > r.rev) return { ...r, mensajes_no_leidos: local.mensajes_no_leidos };
        return r;
      });
      set({ chats, listaCargada: true, errorLista: false, terminoDeLaLista: termino });
      const enPantalla = chats.find((c) => ad.idDe(c) === abierto);
      if (abierto !== null && enPantalla && enPantalla.mensajes_no_leidos > 0 && visible()) programarLectura(abierto);
    } catch (e) {
      if (control.signal.aborted || (e instanceof DOMException && e.name === 'AbortError')) return;
      // Spec 1 §8: failures loading lists are only logged and leave the list as it was.
      console.warn('No se pudo cargar la lista de chats', e);
      set({ listaCargada: true, errorLista: true });
    }
  }

  return { alListado, cargarLista };
}
