import type { ClientToServerEvents, ServerToClientEvents } from '@miduelo/shared/realtime';
import net from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from './app';

export type SocketCliente = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects like the web client and the mobile app do: `auth: { token }`, websocket transport. */
export function conectar(url: string, token: string | undefined, o: { reconnection?: boolean } = {}): SocketCliente {
  return io(url, {
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: o.reconnection ?? false,
    forceNew: true,
  });
}

/** Resolves on connect, rejects with the server's error message on connect_error. */
export function esperarConexion(s: SocketCliente): Promise<void> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (e) => reject(e));
  });
}

export function esperarEvento<T = unknown>(s: SocketCliente, evento: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No llegó el evento ${evento}`)), timeoutMs);
    (s as unknown as { once(e: string, f: (p: T) => void): void }).once(evento, (p: T) => {
      clearTimeout(timer);
      resolve(p);
    });
  });
}

/**
 * Barrier for negative checks ("X did not arrive"): a request on each socket, in turn, that the server
 * answers at once (a `chat:unirse` whose payload it rejects before any I/O). The server handles a
 * socket's packets in order and writes to it in order, so when the answer arrives, everything it
 * emitted to that socket before — and everything its synchronous handlers of earlier packets from
 * that socket emitted to others — has been sent. Pass the sender before the receivers.
 */
export async function sincronizar(...sockets: SocketCliente[]): Promise<void> {
  for (const s of sockets) await s.emitWithAck('chat:unirse', { id_chat: 'barrera' as unknown as number });
}

/** A free TCP port on the loopback, for a server process a test starts itself. */
export function puertoLibre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.once('error', reject);
  });
}

export interface ServidorDeSockets {
  readonly t: AppDePrueba;
  readonly url: string;
  /** A connected socket with this token, closed after the file's tests. */
  socket(token: string): Promise<SocketCliente>;
}

/** One listening app for the file (registered before/after hooks) and its sockets. */
export function usarServidorDeSockets(o: Parameters<typeof crearAppDePrueba>[0] = {}): ServidorDeSockets {
  const abiertos: SocketCliente[] = [];
  let t: AppDePrueba | undefined;
  let url = '';
  beforeAll(async () => {
    t = await crearAppDePrueba(o);
    url = await t.escuchar();
  });
  afterAll(async () => {
    for (const s of abiertos) s.close();
    await t?.cerrar();
  });
  return {
    get t() {
      return t as AppDePrueba;
    },
    get url() {
      return url;
    },
    async socket(token) {
      const s = conectar(url, token);
      abiertos.push(s);
      await esperarConexion(s);
      return s;
    },
  };
}
