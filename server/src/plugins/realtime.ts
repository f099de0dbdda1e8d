import type { TokenPayload } from '@miduelo/shared/auth';
import { type ClientToServerEvents, type ServerToClientEvents, sala } from '@miduelo/shared/realtime';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import type { Sesion } from './auth';

export interface DatosSocket {
  sesion: Sesion;
}
export type SocketMiDuelo = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, DatosSocket>;
export type IoMiDuelo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, DatosSocket>;

type Args<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

export interface Realtime {
  io: IoMiDuelo;
  /** Pushes an event to rooms. Call only after the transaction that produced it committed. */
  emitir<E extends keyof ServerToClientEvents>(salas: string | string[], evento: E, ...args: Args<E>): void;
  /** Registers a domain's socket handlers (called once per authenticated connection). */
  alConectar(handler: (socket: SocketMiDuelo) => void): void;
  /** Disconnects the sockets of an account: all of them, or only those of one token (logout). */
  desconectarCuenta(
    cuenta: { tipo: 'psicologo' | 'paciente'; id: number },
    motivo: 'cierre' | 'contrasena' | 'deshabilitada',
    jti?: string,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** The personal rooms of a session (ARCHITECTURE.md, Real time). */
export function salasPersonales(s: Sesion): string[] {
  if (s.tipo === 'paciente') return [sala.paciente(s.id_paciente)];
  return s.rol_admin ? [sala.psicologo(s.id_psicologo), sala.admin(s.id_psicologo)] : [sala.psicologo(s.id_psicologo)];
}

export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const io: IoMiDuelo = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      ...(app.redis ? { adapter: createAdapter(app.redis) } : {}),
    });
    const handlers: Array<(socket: SocketMiDuelo) => void> = [];

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new Error('NO_AUTENTICADO'));
      try {
        socket.data.sesion = await app.sesiones.verificar(token);
        next();
      } catch {
        next(new Error('TOKEN_INVALIDO'));
      }
    });

    io.on('connection', (socket) => {
      socket.join(salasPersonales(socket.data.sesion));
      for (const h of handlers) h(socket);
    });

    const realtime: Realtime = {
      io,
      emitir(salas, evento, ...args) {
        // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed emit cannot narrow a generic event name
        (io.to(salas) as any).emit(evento, ...args);
      },
      alConectar(handler) {
        handlers.push(handler);
      },
      async desconectarCuenta(cuenta, motivo, jti) {
        const room = cuenta.tipo === 'paciente' ? sala.paciente(cuenta.id) : sala.psicologo(cuenta.id);
        const sockets = await io.in(room).fetchSockets();
        for (const s of sockets) {
          if (jti && (s.data.sesion as TokenPayload).jti !== jti) continue;
          s.emit('sesion:revocada', { motivo });
          s.disconnect(true);
        }
      },
    };
    app.decorate('realtime', realtime);
    app.addHook('onClose', async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'realtime', dependencies: ['auth', 'redis'] },
);
