// The one Socket.IO connection of a signed-in user, for both apps (decision 314). Each app says
// where its token lives, when its session changes and what a revoked session does; the core opens,
// retries and closes the connection and keeps its state for the live hooks.
import type { ClientToServerEvents, ServerToClientEvents } from '@miduelo/shared/realtime';
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';

type EstadoSocket = 'conectado' | 'desconectado' | 'conectando';
export type SocketApp = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketState {
  socket: SocketApp | null;
  estado: EstadoSocket;
  /** Bumped on every (re)connection. */
  conexiones: number;
  /** The browser says it is online. */
  enLinea: boolean;
}

export const useSocket = create<SocketState>()(() => ({
  socket: null,
  estado: 'desconectado',
  conexiones: 0,
  enLinea: typeof navigator === 'undefined' ? true : navigator.onLine,
}));

// The state is mirrored on <html data-tiempo-real="…">: what the browser tests (and a curious
// operator in devtools) wait for instead of guessing from the screen.
useSocket.subscribe((s) => {
  if (typeof document !== 'undefined') document.documentElement.dataset.tiempoReal = s.estado;
});

export interface ConfigSocket {
  /** The session's token now; null while nobody is signed in. */
  token: () => string | null;
  /** Calls back whenever the session changes (a log-in, a log-out, another token); returns what stops it. */
  seguirSesion: (cambio: () => void) => () => void;
  /** The server says the session is over (`sesion:revocada`). */
  alRevocar: () => void;
  /** Wait before trying again after the server refused or ended the connection. */
  reintentoMs?: number;
}

/** After a refusal because the server's database was unreachable: try again soon. */
const REINTENTO_SERVICIO_MS = 2_000;
let reintento: number | undefined;
let config: ConfigSocket | null = null;
const conSesion = () => config?.token() != null;

function programarReintento(socket: SocketApp, esperaMs: number): void {
  // socket.io does not retry by itself after the server refuses or ends the connection.
  window.clearTimeout(reintento);
  reintento = window.setTimeout(() => {
    if (useSocket.getState().socket === socket && conSesion() && !socket.connected) {
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
    // Offline or a new deployment removed the old file: the live screens poll until the next log-in
    // or reload.
    if (mia === generacion) useSocket.setState({ estado: 'desconectado' });
    return;
  }
  if (mia !== generacion || useSocket.getState().socket || !conSesion()) return;
  const espera = config?.reintentoMs ?? 15_000;
  const socket: SocketApp = io({
    path: '/socket.io',
    autoConnect: false,
    // A function, so every reconnection sends the token stored at that moment.
    auth: (cb) => cb({ token: config?.token() ?? '' }),
  });
  socket.on('connect', () => useSocket.setState((s) => ({ estado: 'conectado', conexiones: s.conexiones + 1 })));
  socket.on('disconnect', (motivo) => {
    useSocket.setState({ estado: socket.active ? 'conectando' : 'desconectado' });
    if (motivo === 'io server disconnect') programarReintento(socket, espera);
  });
  socket.on('connect_error', (error) => {
    useSocket.setState({ estado: socket.active ? 'conectando' : 'desconectado' });
    if (!socket.active) programarReintento(socket, error.message === 'SERVICIO_NO_DISPONIBLE' ? REINTENTO_SERVICIO_MS : espera);
  });
  socket.io.on('reconnect_attempt', () => useSocket.setState({ estado: 'conectando' }));
  socket.io.on('reconnect_failed', () => useSocket.setState({ estado: 'desconectado' }));
  socket.on('sesion:revocada', () => config?.alRevocar());
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

/** Connects while a session exists, follows log-in and log-out and the browser's online state.
 * Each app calls it once at start-up. */
export function iniciarSocket(c: ConfigSocket): () => void {
  config = c;
  if (conSesion()) void conectar();
  const cancelar = c.seguirSesion(() => {
    desconectar();
    if (conSesion()) void conectar();
  });
  // Back online: try at once instead of waiting for the next retry.
  const alCambiarRed = () => {
    const enLinea = navigator.onLine;
    useSocket.setState({ enLinea });
    const s = useSocket.getState().socket;
    if (enLinea && s && !s.connected) s.connect();
  };
  window.addEventListener('online', alCambiarRed);
  window.addEventListener('offline', alCambiarRed);
  return () => {
    cancelar();
    window.removeEventListener('online', alCambiarRed);
    window.removeEventListener('offline', alCambiarRed);
    desconectar();
    config = null;
  };
}
