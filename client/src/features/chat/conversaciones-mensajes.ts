// The open conversation's messages in a chat screen: its latest page, then only what follows its last
// contiguous sequence number (in batches, after a reconnection or a poll), older pages on demand, the
// socket room joined with what it missed, and the read receipt sent a moment after it is shown.
import type { StoreApi } from 'zustand';
import { primerSeq, sincronizarDespuesDe, ultimoSeqContiguo } from '@/nucleo/live/secuencia';
import type { SocketApp } from '@/nucleo/socket';
import type { AdaptadorConv, EstadoConv, MensajeConv, MensajeServidor, ResumenBase } from './conversaciones-tipos';
import { fusionarMensajes } from './mensajes';

const PAGINA = 200;
const LOTE_SINCRONIZACION = 500;

interface ContextoMensajes<R extends ResumenBase> {
  ad: AdaptadorConv<R>;
  get: () => EstadoConv<R>;
  set: StoreApi<EstadoConv<R>>['setState'];
  ponerMensajes: (id: number, f: (ms: MensajeConv[]) => MensajeConv[]) => void;
  actualizarChat: (id: number, cambio: (r: R) => R) => void;
  /** Updates the conversation's summary after a stored message. */
  alListado: (m: MensajeServidor) => void;
  socketConectado: () => SocketApp | null;
  /** Conversations whose latest page was loaded: only after it may a sync ask "after seq N". */
  historiaCargada: Set<number>;
  lecturasProgramadas: Map<number, number>;
}

export function crearMensajes<R extends ResumenBase>(o: ContextoMensajes<R>) {
  const { ad, get, set, ponerMensajes, actualizarChat, alListado, socketConectado, historiaCargada, lecturasProgramadas } = o;

  /** Everything after the last known sequence number, in batches, merged once each. */
  async function sincronizar(id: number): Promise<void> {
    const nuevos = await sincronizarDespuesDe({
      desde: () => ultimoSeqContiguo(get().mensajes[id]),
      pedir: (despues_de, limite) => ad.mensajes(id, { despues_de, limite }),
      aplicar: (lote) => ponerMensajes(id, (ms) => fusionarMensajes(ms, lote)),
      seqDe: (m) => m.seq,
      lote: LOTE_SINCRONIZACION,
    });
    const ultimo = nuevos.at(-1);
    if (ultimo) alListado(ultimo);
  }

  /** Loads the open conversation; false when it failed (then it is not marked read either). */
  async function cargarMensajes(id: number): Promise<boolean> {
    const ponerError = (valor: boolean) => set((s) => ({ errorMensajes: { ...s.errorMensajes, [id]: valor } }));
    try {
      if (historiaCargada.has(id)) {
        await sincronizar(id);
      } else {
        const pagina = await ad.mensajes(id, { limite: PAGINA });
        ponerMensajes(id, (ms) => fusionarMensajes(ms, pagina));
        historiaCargada.add(id);
        set((s) => ({ hayAnteriores: { ...s.hayAnteriores, [id]: pagina.length === PAGINA } }));
      }
      ponerError(false);
      return true;
    } catch (e) {
      console.warn('No se pudieron cargar los mensajes', e);
      ponerError(true);
      return false;
    } finally {
      if (get().seleccionado === id) set({ cargandoMensajes: false });
    }
  }

  async function cargarAnteriores(): Promise<void> {
    const id = get().seleccionado;
    if (id === null) return;
    const primero = primerSeq(get().mensajes[id]);
    if (!primero) return;
    try {
      const pagina = await ad.mensajes(id, { antes_de: primero, limite: PAGINA });
      ponerMensajes(id, (ms) => fusionarMensajes(ms, pagina));
      set((s) => ({ hayAnteriores: { ...s.hayAnteriores, [id]: pagina.length === PAGINA } }));
    } catch (e) {
      console.warn('No se pudieron cargar los mensajes anteriores', e);
    }
  }

  async function marcarLeido(id: number): Promise<void> {
    lecturasProgramadas.delete(id);
    try {
      await ad.leer(id);
      actualizarChat(id, (c) => ({ ...c, mensajes_no_leidos: 0 }));
    } catch (e) {
      console.warn('No se pudo marcar el chat como leído', e);
    }
  }

  function programarLectura(id: number) {
    if (lecturasProgramadas.has(id)) return;
    lecturasProgramadas.set(
      id,
      window.setTimeout(() => void marcarLeido(id), 250),
    );
  }

  async function unirse(id: number) {
    const s = socketConectado();
    if (!s) return;
    const r = await ad.socket.unirse(s, id, ultimoSeqContiguo(get().mensajes[id])).catch(() => null);
    if (r && r.mensajes.length > 0) {
      ponerMensajes(id, (ms) => fusionarMensajes(ms, r.mensajes));
      alListado(r.mensajes[r.mensajes.length - 1]);
      if (r.hay_mas) void sincronizar(id).catch(() => {});
    }
  }

  return { sincronizar, cargarMensajes, cargarAnteriores, marcarLeido, programarLectura, unirse };
}
