import type { ClientToServerEvents, ServerToClientEvents } from '@miduelo/shared/realtime';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import { expirarSesion } from './http';
import { estaAutenticado, tokenGuardado, useSession } from '@/lib/session';

type EstadoSocket = 'conectado' | 'desconectado' | 'conectando';
export type SocketApp = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketState {
  socket: SocketApp | null;
  estado: EstadoSocket;
}

/** The one Socket.IO connection of a signed-in web user and its status. */
export const useSocket = create<SocketState>()(() => ({ socket: null, estado: 'desconectado' }));

// The state is mirrored on <html data-tiempo-real="…">: what the browser tests (and a curious
// operator in devtools) wait for instead of guessing from the screen.
useSocket.subscribe((s) => {
  if (typeof document !== 'undefined') document.documentElement.dataset.tiempoReal = s.estado;
});

const REINTENTO_MS = 15_000;
/** After a refusal because the server's database was unreachable: try again soon. */
const REINTENTO_SERVICIO_MS = 2_000;
let reintento: number | undefined;

function programarReintento(socket: SocketApp, esperaMs = REINTENTO_MS): void {
  // socket.io does not retry by itself after the server refuses or ends the connection.
  window.clearTimeout(reintento);
  reintento = window.setTimeout(() => {
    if (useSocket.getState().socket === socket && estaAutenticado() && !socket.connected) {
      useSocket.setState({ estado: 'conectando' });
      socket.connect();
    }
  }, esperaMs);
}

// Bumped on every log-in and log-out: a connection whose library arrives after the session changed
// is not opened.
let generacion = 0;

/** socket.io-client (~13 KB compressed) is fetched only once a session exists: visitors and the
 * login page never download it. */
async function conectar(): Promise<void> {
  if (useSocket.getState().socket) return;
  const mia = generacion;
  useSocket.setState({ estado: 'conectando' });
  let io: typeof import('socket.io-client')['io'];
  try {
    ({ io } = await import('socket.io-client'));
  } catch {
    // Offline or a new deployment removed the old file: the live lists poll until the next log-in
    // or reload.
    if (mia === generacion) useSocket.setState({ estado: 'desconectado' });
    return;
  }
  if (mia !== generacion || useSocket.getState().socket || !estaAutenticado()) return;
  const socket: SocketApp = io({
    path: '/socket.io',
    autoConnect: false,
    // A function, so every reconnection sends the token stored at that moment.
    auth: (cb) => cb({ token: tokenGuardado() }),
  });
  socket.on('connect', () => useSocket.setState({ estado: 'conectado' }));
  socket.on('disconnect', (motivo) => {
    useSocket.setState({ estado: socket.active ? 'conectando' : 'desconectado' });
    if (motivo === 'io server disconnect') programarReintento(socket);
  });
  socket.on('connect_error', (error) => {
    useSocket.setState({ estado: socket.active ? 'conectando' : 'desconectado' });
    if (!socket.active) programarReintento(socket, error.message === 'SERVICIO_NO_DISPONIBLE' ? REINTENTO_SERVICIO_MS : REINTENTO_MS);
  });
  socket.io.on('reconnect_attempt', () => useSocket.setState({ estado: 'conectando' }));
  socket.io.on('reconnect_failed', () => useSocket.setState({ estado: 'desconectado' }));
  socket.on('sesion:revocada', () => expirarSesion());
  useSocket.setState({ socket, estado: 'conectando' });
  socket.connect();
}

function desconectar(): void {
  const { socket } = useSocket.getState();
  generacion += 1;
  window.clearTimeout(reintento);
  if (!socket) {
    useSocket.setState({ estado: 'desconectado' });
    return;
  }
  socket.removeAllListeners();
  socket.io.removeAllListeners();
  socket.disconnect();
  useSocket.setState({ socket: null, estado: 'desconectado' });
}

/** Connects while a web session exists and follows log-in and log-out. Call once at start-up. */
export function iniciarSocket(): () => void {
  if (estaAutenticado()) void conectar();
  const cancelar = useSession.subscribe((actual, previo) => {
    if (actual.token === previo.token) return;
    desconectar();
    if (estaAutenticado()) void conectar();
  });
  return () => {
    cancelar();
    desconectar();
  };
}
