import type { TokenPayload } from '@miduelo/shared/cuentas';
import { type ClientToServerEvents, type ServerToClientEvents, sala } from '@miduelo/shared/realtime';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Socket } from 'socket.io';
import { esBdCaida } from '../comun/errores-bd';
import type { Config } from '../config';
import type { Sesion } from './auth';
import type { RolSocket } from './metricas';
import { registroDeSolicitud } from './solicitud';
import { instalarVerificadorCompartido, relojDeExpiracion, VERIFICADOR, verificadorDeSesiones } from './realtime-sesiones';

export interface DatosSocket {
  sesion: Sesion;
  /** The session version the token was signed with: with `sesion`, what verifying it again
   * (expiry, revocation, account state) needs. The token itself is not kept (decision 229). */
  version: number;
  /** App-clock time (ms) of the last verification against the database. */
  verificadoEn: number;
  /** The session cache's stamp taken before that verification (forgets since make it stale). */
  sello: number;
  /** Real-time second at which the token expires (the node's expiry buckets). */
  venceEn: number;
}

export type SocketMiDuelo = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, DatosSocket>;
export type IoMiDuelo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, DatosSocket>;

type Args<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

export interface Realtime {
  io: IoMiDuelo;
  /** Pushes an event to rooms. Call only after the transaction that produced it committed. */
  emitir<E extends keyof ServerToClientEvents>(salas: string | string[], evento: E, ...args: Args<E>): void;
  /** Observes every event pushed through `emitir` (after the emit); Web Push uses it to reach a
   * patient who has no open socket (docs/decisions/183). An observer must not throw. */
  alEmitir(observador: ObservadorEmision): void;
  /** Whether a room has at least one socket, on any node. */
  haySockets(sala: string): Promise<boolean>;
  /** Whether a room has at least one socket on this node (no other node is asked). */
  hayAqui(sala: string): boolean;
  /** Re-reads now, in batches, the sessions of this node's sockets whose last check goes stale
   * soon (a timer does it every `config.refrescoSesionesMs`; decision 239): a session no longer valid
   * closes its socket, a valid one is relied on for another check's life. */
  refrescarSesiones(): Promise<void>;
  /** Registers a domain's socket handlers (called once per authenticated connection). */
  alConectar(handler: (socket: SocketMiDuelo) => void): void;
  /** Registers the handler of one client event for every connection, without a listener per
   * socket (decision 084): it runs after the session check with `this` = the socket. */
  manejar(evento: string, handler: (this: SocketMiDuelo, ...args: unknown[]) => void): void;
  /** The client events registered through `manejar` (every authenticated socket listens to them). */
  eventos(): string[];
  /** Runs when any authenticated socket is disconnecting (shared, not one listener per socket). */
  alDesconectarse(handler: (this: SocketMiDuelo) => void): void;
  /** Disconnects the sockets of an account: all of them, or only those of one token (logout).
   * `o.excepto`: the token that keeps its session (a password change made from it): its sockets
   * are closed without `sesion:revocada`, and the client reconnects with the new token. */
  desconectarCuenta(
    cuenta: { tipo: 'psicologo' | 'paciente'; id: number },
    motivo: 'cierre' | 'contrasena' | 'deshabilitada' | 'expirada',
    jti?: string,
    o?: { excepto?: string },
  ): Promise<void>;
}

export type ObservadorEmision = <E extends keyof ServerToClientEvents>(salas: string[], evento: E, ...args: Args<E>) => void;

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const rolDe = (s: Sesion): RolSocket => (s.tipo === 'paciente' ? 'paciente' : s.rol_admin ? 'admin' : 'psicologo');

/** The personal rooms of a session (ARCHITECTURE.md, Real time). */
function salasPersonales(s: Sesion): string[] {
  if (s.tipo === 'paciente') return [sala.paciente(s.id_paciente)];
  return s.rol_admin
    ? [sala.psicologo(s.id_psicologo), sala.admin(s.id_psicologo), sala.administradores]
    : [sala.psicologo(s.id_psicologo)];
}

export default fp(
  async function realtimePlugin(
    app: FastifyInstance,
    opts: { config: Pick<Config, 'now' | 'redisPrefix' | 'corsOrigins' | 'refrescoSesionesMs'> },
  ) {
    const { config } = opts;
    const io: IoMiDuelo = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // The long-polling transport of a client on another origin (CORS_ORIGINS); no cookies.
      ...(config.corsOrigins.length ? { cors: { origin: config.corsOrigins, credentials: false } } : {}),
      // Several deployments may share one Redis: each reads and writes only its own stream.
      ...(app.redis
        ? {
            adapter: createAdapter(app.redis, {
              streamName: `${config.redisPrefix}:socket.io`,
              channelPrefix: `${config.redisPrefix}:socket.io`,
              sessionKeyPrefix: `${config.redisPrefix}:sio:session:`,
            }),
          }
        : {}),
    });
    const handlers: Array<(socket: SocketMiDuelo) => void> = [];
    const manejadores = new Map<string, (this: SocketMiDuelo, ...args: unknown[]) => void>();
    const alSalir: Array<(this: SocketMiDuelo) => void> = [];

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new Error('NO_AUTENTICADO'));
      try {
        const { sesion, version, sello } = await app.sesiones.verificarSocket(token);
        socket.data.sesion = sesion;
        socket.data.version = version;
        socket.data.verificadoEn = config.now().getTime();
        socket.data.sello = sello;
        // Socket.IO keeps the handshake for the socket's life: the bearer token need not stay in
        // memory (nor travel in another node's fetchSockets answer) once verified.
        delete (socket.handshake.auth as { token?: unknown }).token;
        next();
      } catch (err) {
        // A database outage is not a bad token: the client retries soon instead of giving up.
        next(new Error(esBdCaida(err) ? 'SERVICIO_NO_DISPONIBLE' : 'TOKEN_INVALIDO'));
      }
    });

    const reloj = relojDeExpiracion(config);
    const { verificarEvento, refrescarSesiones, esperarRefresco } = verificadorDeSesiones(app, io, config, manejadores);
    const temporizadorRefresco =
      config.refrescoSesionesMs > 0 ? setInterval(() => void refrescarSesiones(), config.refrescoSesionesMs).unref() : undefined;
    function desconectandose(this: SocketMiDuelo) {
      app.metricas.socketCerrado(rolDe(this.data.sesion));
      reloj.olvidar(this);
      for (const h of alSalir) h.call(this);
    }

    // Socket.IO 4 runs a socket's middlewares through `Socket.prototype.run(event, fn)`, calling
    // them without the socket, so socket.use() costs a closure, its context and a 17-slot array on
    // every connection (~0.25 KiB of an idle socket). `run` is wrapped once per process instead:
    // for a socket of a server that carries VERIFICADOR the session check runs first (with the
    // socket), then any middleware added with socket.use(); other servers are left untouched.
    (io as unknown as Record<symbol, unknown>)[VERIFICADOR] = verificarEvento;
    const verificadorCompartido = instalarVerificadorCompartido();

    io.on('connection', (socket) => {
      // The per-event session check runs from the shared `run` (instalarVerificadorCompartido,
      // decision 222): nothing per socket. A Socket.IO without that method: a middleware per socket.
      if (!verificadorCompartido) socket.use((paquete, next) => verificarEvento(socket, paquete, next));
      reloj.vigilar(socket);
      socket.on('disconnecting', desconectandose);
      app.metricas.socketAbierto(rolDe(socket.data.sesion));
      socket.join(salasPersonales(socket.data.sesion));
      for (const h of handlers) h(socket);
    });

    const observadores: ObservadorEmision[] = [];
    const log = registroDeSolicitud(app.log);
    const realtime: Realtime = {
      io,
      emitir(salas, evento, ...args) {
        // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed emit cannot narrow a generic event name
        (io.to(salas) as any).emit(evento, ...args);
        const lista = Array.isArray(salas) ? salas : [salas];
        app.metricas.eventoEmitido(evento);
        // Through the logger of the request that caused the emit, if any: its reqId (decision 388).
        log.debug({ evento, salas: lista.length }, 'evento emitido');
        for (const o of observadores) o(lista, evento, ...args);
      },
      alEmitir(observador) {
        observadores.push(observador);
      },
      async haySockets(s) {
        // This node's own sockets first: asking every node (fetchSockets through the Redis adapter,
        // which also copies each socket's data) only when none is here (decision 234).
        if (realtime.hayAqui(s)) return true;
        return (await io.in(s).fetchSockets()).length > 0;
      },
      refrescarSesiones,
      hayAqui: (s) => (io.sockets.adapter.rooms.get(s)?.size ?? 0) > 0,
      manejar(evento, handler) {
        manejadores.set(evento, handler);
      },
      eventos: () => [...manejadores.keys()],
      alDesconectarse(handler) {
        alSalir.push(handler);
      },
      alConectar(handler) {
        handlers.push(handler);
      },
      async desconectarCuenta(cuenta, motivo, jti, o = {}) {
        // Every revocation passes here: its cached session checks go first, on every node.
        await app.sesiones.olvidarCuenta(cuenta);
        const room = cuenta.tipo === 'paciente' ? sala.paciente(cuenta.id) : sala.psicologo(cuenta.id);
        const sockets = await io.in(room).fetchSockets();
        for (const s of sockets) {
          const suJti = (s.data.sesion as TokenPayload).jti;
          if (jti && suJti !== jti) continue;
          if (o.excepto && suJti === o.excepto) {
            s.disconnect(true);
            continue;
          }
          s.emit('sesion:revocada', { motivo });
          s.disconnect(true);
        }
      },
    };
    app.decorate('realtime', realtime);
    app.addHook('onClose', async () => {
      reloj.cerrar();
      clearInterval(temporizadorRefresco);
      await esperarRefresco();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'realtime', dependencies: ['auth', 'redis', 'metricas'] },
);
