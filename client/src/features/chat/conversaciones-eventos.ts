// What a chat screen does with each socket event: a stored message merged by sequence and moved first
// in the list, unread counts applied by revision (events may cross), read receipts, a new
// conversation, and the other side's typing indicator, which expires on its own.
import { ESCRIBIENDO_CADUCA_MS } from '@miduelo/shared/chat';
import type { StoreApi } from 'zustand';
import { fusionarMensajes } from './mensajes';
import type { AdaptadorConv, EstadoConv, EventosConv, MensajeConv, MensajeServidor, ResumenBase } from './conversaciones-tipos';

/** The page is on screen (a message read in a hidden tab is not marked read). */
export const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

interface ContextoEventos<R extends ResumenBase> {
  ad: AdaptadorConv<R>;
  get: () => EstadoConv<R>;
  set: StoreApi<EstadoConv<R>>['setState'];
  ponerMensajes: (id: number, f: (ms: MensajeConv[]) => MensajeConv[]) => void;
  actualizarChat: (id: number, cambio: (r: R) => R) => void;
  /** Updates the conversation's summary after a stored message. */
  alListado: (m: MensajeServidor) => void;
  cargarLista: () => Promise<void>;
  programarLectura: (id: number) => void;
  /** Newest revision applied to each conversation's unread count, shared with the list's loads. */
  revs: Map<number, number>;
}

export function crearEventos<R extends ResumenBase>(o: ContextoEventos<R>): EventosConv {
  const { ad, get, set, ponerMensajes, actualizarChat, alListado, cargarLista, programarLectura, revs } = o;
  const caducidadEscribiendo = new Map<number, number>();

  const eventos: EventosConv = {
    mensaje(m, noLeidos) {
      if (get().mensajes[m.id_chat]) ponerMensajes(m.id_chat, (ms) => fusionarMensajes(ms, [m]));
      alListado(m);
      if (noLeidos) eventos.noLeidos({ id: m.id_chat, ...noLeidos });
      if (m.remitente !== ad.propio) {
        set((s) => ({ escribiendo: { ...s.escribiendo, [m.id_chat]: false } }));
        if (get().seleccionado === m.id_chat && visible()) programarLectura(m.id_chat);
      }
    },
    noLeidos({ id, mensajes_no_leidos, rev }) {
      if ((revs.get(id) ?? -1) >= rev) return;
      revs.set(id, rev);
      const abierto = get().seleccionado === id && visible();
      actualizarChat(id, (c) => ({ ...c, rev, mensajes_no_leidos: abierto ? 0 : mensajes_no_leidos }));
      if (abierto && mensajes_no_leidos > 0) programarLectura(id);
    },
    leido({ id, hasta_seq }) {
      if (!get().mensajes[id]) return;
      ponerMensajes(id, (ms) =>
        ms.map((m) => (m.remitente === ad.propio && m.seq !== null && m.seq <= hasta_seq && !m.leido ? { ...m, leido: true } : m)),
      );
    },
    creado() {
      void cargarLista();
    },
    escribiendo({ id, remitente, escribiendo }) {
      if (remitente === ad.propio) return;
      window.clearTimeout(caducidadEscribiendo.get(id));
      set((s) => ({ escribiendo: { ...s.escribiendo, [id]: escribiendo } }));
      if (escribiendo) {
        caducidadEscribiendo.set(
          id,
          window.setTimeout(() => set((s) => ({ escribiendo: { ...s.escribiendo, [id]: false } })), ESCRIBIENDO_CADUCA_MS),
        );
      }
    },
  };
  return eventos;
}
