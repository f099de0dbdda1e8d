// Live state of a chat screen (the psychologist's and the administrator's share it): the list of
// conversations, the open conversation's messages, sends that survive a lost connection, unread
// counts, read receipts and typing. Fed by socket events; while the socket is down it polls every
// 30 s (vigilarRecurso) and, when it comes back, asks for everything after its last sequence number.
import { create } from 'zustand';
import { crearEnvios } from './conversaciones-envio';
import type { AdaptadorConv, EstadoConv, MensajeConv, ResumenBase } from './conversaciones-tipos';
import { crearEventos } from './conversaciones-eventos';
import { crearLista } from './conversaciones-lista';
import { crearMensajes } from './conversaciones-mensajes';
import { crearIniciar } from './conversaciones-vida';
import { type SocketApp, useSocket } from '@/nucleo/socket';

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
  const lecturasProgramadas = new Map<number, number>();
  /** Conversations whose latest page was loaded: only after it may a sync ask "after seq N" (a
   * conversation holding only the user's own new sends has not seen its history yet). */
  const historiaCargada = new Set<number>();

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

  // The list's read receipt is the messages' (created below; called only after both exist).
  const { alListado, cargarLista } = crearLista({ ad, get, set, revs, programarLectura: (id) => programarLectura(id) });

  const { sincronizar, cargarMensajes, cargarAnteriores, marcarLeido, programarLectura, unirse } = crearMensajes({
    ad,
    get,
    set,
    ponerMensajes,
    actualizarChat,
    alListado,
    socketConectado,
    historiaCargada,
    lecturasProgramadas,
  });

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

  const eventos = crearEventos({ ad, get, set, ponerMensajes, actualizarChat, alListado, cargarLista, programarLectura, revs });

  /** Reload after a reconnection or on each poll while the socket is down. */
  function recargar() {
    void cargarLista();
    const id = get().seleccionado;
    if (id !== null && historiaCargada.has(id)) void sincronizar(id).catch((e) => console.warn('No se pudo sincronizar el chat', e));
    else if (id !== null) void abrirCargado(id);
    reintentarSinRed();
  }

  /** Starts live updates for the screen's lifetime; returns the function that stops them. */
  const iniciar = crearIniciar({
    ad,
    get,
    set,
    eventos,
    historiaCargada,
    lecturasProgramadas,
    socketConectado,
    unirse,
    abrirCargado,
    programarLectura,
    recargar,
    cargarLista,
  });

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
