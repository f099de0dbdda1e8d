// The live updates of a chat screen for its lifetime: socket events routed to the store (again on
// each new socket), the open conversation rejoined on reconnection, 30-s polling while the socket is
// down, a read receipt when the tab comes back into view; all undone when the screen closes.
import type { StoreApi } from 'zustand';
import { vigilarRecurso } from '@/nucleo/live/vigilar-socket';
import { type SocketApp, useSocket } from '@/nucleo/socket';
import type { AdaptadorConv, EstadoConv, EventosConv, ResumenBase } from './conversaciones-tipos';
import { visible } from './conversaciones-eventos';

interface ContextoVida<R extends ResumenBase> {
  ad: AdaptadorConv<R>;
  get: () => EstadoConv<R>;
  set: StoreApi<EstadoConv<R>>['setState'];
  eventos: EventosConv;
  historiaCargada: Set<number>;
  lecturasProgramadas: Map<number, number>;
  socketConectado: () => SocketApp | null;
  unirse: (id: number) => Promise<void>;
  abrirCargado: (id: number) => Promise<void>;
  programarLectura: (id: number) => void;
  recargar: () => void;
  cargarLista: () => Promise<void>;
}

export function crearIniciar<R extends ResumenBase>(o: ContextoVida<R>) {
  const { ad, get, set, eventos, historiaCargada, lecturasProgramadas, socketConectado } = o;
  const { unirse, abrirCargado, programarLectura, recargar, cargarLista } = o;

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

  return iniciar;
}
