// Whether the app can reach the server: the browser's online state and the live connection.
// socket.io-client is fetched only once a session exists (the login page never downloads it).
import type { ClientToServerEvents, ServerToClientEvents } from '@miduelo/shared/realtime';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { sesionActual, sesionTerminada, useSesion } from './sesion';

export type SocketApp = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Conexion {
  enLinea: boolean;
  socket: SocketApp | null;
  /** The live connection is up (events arrive); while it is not, screens poll every 30 s. */
  enVivo: boolean;
  /** Bumped on every (re)connection: screens resynchronise what they may have missed. */
  conexiones: number;
}

export const useConexion = create<Conexion>()(() => ({
  enLinea: typeof navigator === 'undefined' ? true : navigator.onLine,
  socket: null,
  enVivo: false,
  conexiones: 0,
}));

export const SONDEO_MS = 30_000;

let generacion = 0;

async function abrir(): Promise<void> {
  const mia = ++generacion;
  const { io } = await import('socket.io-client').catch(() => ({ io: null }));
  if (!io || mia !== generacion || !sesionActual()) return;
  const socket: SocketApp = io({ path: '/socket.io', auth: (cb) => cb({ token: sesionActual()?.token ?? '' }) });
  socket.on('connect', () => useConexion.setState((c) => ({ enVivo: true, conexiones: c.conexiones + 1 })));
  socket.on('disconnect', (motivo) => {
    useConexion.setState({ enVivo: false });
    // The server ended it (or refused the token): socket.io does not retry by itself.
    if (motivo === 'io server disconnect' && sesionActual()) window.setTimeout(() => socket.connect(), 5_000);
  });
  socket.on('connect_error', () => {
    useConexion.setState({ enVivo: false });
    if (!socket.active && sesionActual()) window.setTimeout(() => socket.connect(), 5_000);
  });
  socket.on('sesion:revocada', sesionTerminada);
  useConexion.setState({ socket });
}

function cerrar(): void {
  generacion++;
  const s = useConexion.getState().socket;
  s?.removeAllListeners();
  s?.disconnect();
  useConexion.setState({ socket: null, enVivo: false });
}

/** Follows the session (opens and closes the socket) and the browser's online state. */
export function vigilarConexion(): void {
  const alCambiar = () => {
    const enLinea = navigator.onLine;
    useConexion.setState({ enLinea });
    const s = useConexion.getState().socket;
    if (enLinea && s && !s.connected) s.connect();
  };
  window.addEventListener('online', alCambiar);
  window.addEventListener('offline', alCambiar);
  let conSesion = false;
  const seguir = () => {
    const hay = useSesion.getState().sesion !== null;
    if (hay === conSesion) return;
    conSesion = hay;
    if (hay) void abrir();
    else cerrar();
  };
  useSesion.subscribe(seguir);
  seguir();
}

/** Listens to one server event while the component is mounted (the socket may arrive later). */
export function useEvento<E extends keyof ServerToClientEvents>(evento: E, manejador: ServerToClientEvents[E]): void {
  const socket = useConexion((c) => c.socket);
  const ref = useRef(manejador);
  ref.current = manejador;
  useEffect(() => {
    if (!socket) return;
    // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed listener cannot narrow a generic event
    const f = (...args: any[]) => (ref.current as (...a: unknown[]) => void)(...args);
    // biome-ignore lint/suspicious/noExplicitAny: same
    (socket as any).on(evento, f);
    return () => {
      // biome-ignore lint/suspicious/noExplicitAny: same
      (socket as any).off(evento, f);
    };
  }, [socket, evento]);
}

/** Calls `f` on every (re)connection of the socket and every 30 s while it is down (decision 037's
 * fallback): a screen that missed events while offline catches up. */
export function useAlDia(f: () => void): void {
  const conexiones = useConexion((c) => c.conexiones);
  const enVivo = useConexion((c) => c.enVivo);
  const enLinea = useConexion((c) => c.enLinea);
  const ref = useRef(f);
  ref.current = f;
  const vistas = useRef(conexiones);
  useEffect(() => {
    if (conexiones === vistas.current) return;
    vistas.current = conexiones;
    ref.current();
  }, [conexiones]);
  useEffect(() => {
    if (enVivo) return;
    const t = window.setInterval(() => ref.current(), SONDEO_MS);
    return () => window.clearInterval(t);
  }, [enVivo]);
  const antes = useRef(enLinea);
  useEffect(() => {
    if (enLinea && !antes.current) ref.current();
    antes.current = enLinea;
  }, [enLinea]);
}
