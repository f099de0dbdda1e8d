// Live state of a chat screen (the psychologist's and the administrator's share it): the list of
// conversations, the open conversation's messages, sends that survive a lost connection, unread
// counts, read receipts and typing. Fed by socket events; while the socket is down it polls every
// 30 s (vigilarRecurso) and, when it comes back, asks for everything after its last sequence number.
import { ESCRIBIENDO_CADUCA_MS } from '@miduelo/shared/chat';
import { create } from 'zustand';
import { crearEnvios } from './conversaciones-envio';
import { primerSeq, sincronizarDespuesDe, ultimoSeqContiguo } from '@/nucleo/live/secuencia';
import { fusionarMensajes } from './mensajes';
import type { AdaptadorConv, EstadoConv, EventosConv, MensajeConv, MensajeServidor, ResumenBase } from './conversaciones-tipos';
import { vigilarRecurso } from '@/nucleo/live/vigilar-socket';
import { type SocketApp, useSocket } from '@/nucleo/socket';

const PAGINA = 200;
const LOTE_SINCRONIZACION = 500;

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export function crearConversaciones<R extends ResumenBase>(ad: AdaptadorConv<R>) {
  const useConv = create<EstadoConv<R>>()(() => ({
    chats: [],
    listaCargada: false,
    errorLista: false,
    busqueda: '',
    terminoDeLaLista: null,
    seleccionado: null,
    mensajes: {},
    cargandoMensajes: false,
    errorMensajes: {},
    hayAnteriores: {},
    escribiendo: {},
  }));
  const set = useConv.setState;
  const get = useConv.getState;

  /** Newest revision applied to each conversation's unread count (events may cross). */
  const revs = new Map<number, number>();
  const caducidadEscribiendo = new Map<number, number>();
  const lecturasProgramadas = new Map<number, number>();
  /** Conversations whose latest page was loaded: only after it may a sync ask "after seq N" (a
   * conversation holding only the user's own new sends has not seen its history yet). */
  const historiaCargada = new Set<number>();
  let controlLista: AbortController | null = null;

  const socketConectado = (): SocketApp | null => {
    const { socket, estado } = useSocket.getState();
    return socket && estado === 'conectado' && socket.connected ? socket : null;
  };

  function actualizarChat(id: number, cambio: (r: R) => R) {
    set((s) => ({ chats: s.chats.map((c) => (ad.idDe(c) === id ? cambio(c) : c)) }));
  }

  function ponerMensajes(id: number, f: (ms: MensajeConv[]) => MensajeConv[]) {
    set((s) => ({ mensajes: { ...s.mensajes, [id]: f(s.mensajes[id] ?? []) } }));
  }

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

  async function seleccionar(id: number | null): Promise<void> {
    const previo = get().seleccionado;
    if (previo === id) return;
    const s = socketConectado();
    if (previo !== null && s) {
      ad.socket.escribiendo(s, previo, false);
      ad.socket.salir(s, previo);
    }
    set({ seleccionado: id, cargandoMensajes: id !== null && !historiaCargada.has(id) });
    if (id === null) return;
    await abrirCargado(id);
  }

  /** Loads the conversation, then marks it read and opens it on the socket (never unseen messages). */
  async function abrirCargado(id: number): Promise<void> {
    const cargado = await cargarMensajes(id);
    if (get().seleccionado !== id || !cargado) return;
    void marcarLeido(id);
    void unirse(id);
  }

  /** 'Reintentar' after a failed load of the open conversation. */
  async function recargarAbierto(): Promise<void> {
    const id = get().seleccionado;
    if (id === null) return;
    set({ cargandoMensajes: !historiaCargada.has(id) });
    await abrirCargado(id);
  }

  const { enviar, reintentar, reintentarSinRed, avisarEscritura } = crearEnvios({ ad, get, ponerMensajes, alListado, socketConectado });

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

  /** Reload after a reconnection or on each poll while the socket is down. */
  function recargar() {
    void cargarLista();
    const id = get().seleccionado;
    if (id !== null && historiaCargada.has(id)) void sincronizar(id).catch((e) => console.warn('No se pudo sincronizar el chat', e));
    else if (id !== null) void abrirCargado(id);
    reintentarSinRed();
  }

  /** Starts live updates for the screen's lifetime; returns the function that stops them. */
  function iniciar(): () => void {
    let dejarEventos: (() => void) | null = null;
    let socketActual: SocketApp | null = null;
    const alConectar = () => {
      const id = get().seleccionado;
      if (id !== null && historiaCargada.has(id)) void unirse(id);
      else if (id !== null) void abrirCargado(id);
    };
    const enganchar = (s: SocketApp | null) => {
      if (s === socketActual) return;
      dejarEventos?.();
      socketActual?.off('connect', alConectar);
      socketActual = s;
      dejarEventos = s ? ad.socket.suscribir(s, eventos) : null;
      s?.on('connect', alConectar);
    };
    enganchar(useSocket.getState().socket);
    const dejarSocket = useSocket.subscribe((st) => enganchar(st.socket));
    const dejarSondeo = vigilarRecurso(recargar);
    const alVolver = () => {
      const id = get().seleccionado;
      const c = get().chats.find((x) => ad.idDe(x) === id);
      if (id !== null && visible() && c && c.mensajes_no_leidos > 0) programarLectura(id);
    };
    document.addEventListener('visibilitychange', alVolver);
    set({ busqueda: '' });
    void cargarLista();
    return () => {
      dejarSocket();
      dejarSondeo();
      enganchar(null);
      document.removeEventListener('visibilitychange', alVolver);
      for (const t of lecturasProgramadas.values()) window.clearTimeout(t);
      lecturasProgramadas.clear();
      const id = get().seleccionado;
      const s = socketConectado();
      if (id !== null && s) ad.socket.salir(s, id);
      set({ seleccionado: null });
    };
  }

  function buscar(q: string) {
    set({ busqueda: q });
    void cargarLista();
  }

  /** Puts a just-created conversation first and opens it (spec 1 §4). */
  function agregarYSeleccionar(r: R) {
    const id = ad.idDe(r);
    set((s) => ({ chats: [r, ...s.chats.filter((c) => ad.idDe(c) !== id)] }));
    void seleccionar(id);
  }

  return {
    useConv,
    iniciar,
    seleccionar,
    enviar,
    reintentar,
    avisarEscritura,
    buscar,
    cargarLista,
    cargarAnteriores,
    recargarAbierto,
    agregarYSeleccionar,
    /** For tests and diagnostics: the handlers socket events are routed to. */
    eventos,
  };
}

export type Conversaciones<R extends ResumenBase> = ReturnType<typeof crearConversaciones<R>>;
