import type { TokenPayload } from '@miduelo/shared/auth';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { type ClientToServerEvents, type ServerToClientEvents, sala } from '@miduelo/shared/realtime';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, Socket } from 'socket.io';
import { esBdCaida } from '../comun/errores-bd';
import type { Config } from '../config';
import { AppError, unauthorized } from '../errors';
import type { Sesion } from './auth';

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

/** The personal rooms of a session (ARCHITECTURE.md, Real time). */
function salasPersonales(s: Sesion): string[] {
  if (s.tipo === 'paciente') return [sala.paciente(s.id_paciente)];
  return s.rol_admin
    ? [sala.psicologo(s.id_psicologo), sala.admin(s.id_psicologo), sala.administradores]
    : [sala.psicologo(s.id_psicologo)];
}

/** A check is refreshed this long before it would go stale, plus a share of DISPERSION_MS taken
 * from its token id, so that sockets connected together are not all refreshed on the same tick. */
const ANTICIPO_REFRESCO_MS = 30_000;
const DISPERSION_REFRESCO_MS = 60_000;
/** Sessions read per batch of the refresh (three statements a batch). */
const LOTE_REFRESCO = 500;

/** A fixed fraction of DISPERSION_REFRESCO_MS for a token id (a UUID: its first hex digits). */
function dispersionDe(jti: string): number {
  const n = Number.parseInt(jti.slice(0, 4), 16);
  return Number.isNaN(n) ? 0 : (n / 0x10000) * DISPERSION_REFRESCO_MS;
}

/** setTimeout's largest delay (about 24.8 days); a patient token lives 30 days. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** The answer to an event refused before its handler ran (same shape as every ack). */
interface Rechazo {
  ok: false;
  msg: string;
  code: string;
  status: number;
}

/** What a socket handler answers for an error: our own Spanish message, the database-outage 503
 * that HTTP answers, or the generic 500 (the caller logs that one). */
export function rechazoDe(err: unknown): Rechazo {
  if (err instanceof AppError) return { ok: false, msg: err.message, code: err.code, status: err.status };
  if (esBdCaida(err)) return { ok: false, msg: MSG_GENERICO.baseDatos, code: 'SERVICIO_NO_DISPONIBLE', status: 503 };
  return { ok: false, msg: MSG_GENERICO.servidor, code: 'ERROR_INTERNO', status: 500 };
}

const VERIFICADOR = Symbol.for('miduelo.realtime.verificarEvento');

type Siguiente = (err?: Error) => void;
type RunInterno = (this: SocketInterno, evento: unknown[], fn: Siguiente) => void;
interface SocketInterno {
  nsp?: { server?: Record<symbol, unknown> };
  run?: RunInterno;
}

/** Wraps Socket.IO's `Socket.prototype.run` once per process (see the plugin); false when this
 * Socket.IO has no such method (then each socket gets socket.use()). */
function instalarVerificadorCompartido(): boolean {
  const proto = Socket.prototype as unknown as SocketInterno & Record<symbol, unknown>;
  if (proto[VERIFICADOR]) return true;
  const original = proto.run;
  if (typeof original !== 'function') return false;
  proto.run = function run(this: SocketInterno, evento: unknown[], fn: Siguiente) {
    const verificar = this.nsp?.server?.[VERIFICADOR] as ((socket: unknown, paquete: unknown[], next: Siguiente) => void) | undefined;
    if (!verificar) return original.call(this, evento, fn);
    verificar(this, evento, (err?: Error) => (err ? fn(err) : original.call(this, evento, fn)));
  };
  proto[VERIFICADOR] = true;
  return true;
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

    /** Ends a socket whose session is over: the client hears why, then the connection closes. */
    function expulsar(socket: SocketMiDuelo, motivo: 'expirada' | 'cierre') {
      socket.emit('sesion:revocada', { motivo });
      socket.disconnect(true);
    }

    // A connection may outlive its token (a patient's lives 30 days): it is closed when the token
    // expires. The delay is read once against the app clock and then counts real time. One timer
    // for every socket of this node (decision 084): sockets wait in buckets of their expiry
    // second, and the timer is armed for the earliest bucket.
    const porSegundo = new Map<number, Set<SocketMiDuelo>>();
    let proximo = Number.POSITIVE_INFINITY;
    let timer: NodeJS.Timeout | undefined;
    function armar() {
      clearTimeout(timer);
      timer = undefined;
      if (proximo === Number.POSITIVE_INFINITY) return;
      timer = setTimeout(vencer, Math.min(Math.max(proximo * 1000 - Date.now(), 0), TIMER_MAX_MS));
      timer.unref();
    }
    function vencer() {
      const ahora = Date.now();
      let siguiente = Number.POSITIVE_INFINITY;
      for (const [segundo, sockets] of porSegundo) {
        if (segundo * 1000 <= ahora) {
          porSegundo.delete(segundo);
          for (const socket of sockets) expulsar(socket, 'expirada');
        } else if (segundo < siguiente) siguiente = segundo;
      }
      proximo = siguiente;
      armar();
    }
    function vigilarExpiracion(socket: SocketMiDuelo) {
      const segundo = Math.ceil((Date.now() + (socket.data.sesion.exp * 1000 - config.now().getTime())) / 1000);
      socket.data.venceEn = segundo;
      let grupo = porSegundo.get(segundo);
      if (!grupo) {
        grupo = new Set();
        porSegundo.set(segundo, grupo);
      }
      grupo.add(socket);
      if (segundo < proximo) {
        proximo = segundo;
        armar();
      }
    }
    function desconectandose(this: SocketMiDuelo) {
      const grupo = porSegundo.get(this.data.venceEn);
      grupo?.delete(this);
      if (grupo?.size === 0) porSegundo.delete(this.data.venceEn);
      for (const h of alSalir) h.call(this);
    }

    /** After the session check: a registered handler, else Socket.IO's own listeners. */
    function despachar(socket: SocketMiDuelo, paquete: unknown[], next: (err?: Error) => void) {
      const h = manejadores.get(paquete[0] as string);
      if (!h) return next();
      try {
        h.apply(socket, paquete.slice(1));
      } catch (err) {
        app.log.error({ err }, 'socket: error en un manejador');
      }
    }

    // Every incoming event checks the session: expiry against the app clock always (no database
    // round trip); revocation and account state against the database when the last check is stale
    // (`sesiones.sigueVigente`): a forget of the account or token reached this node since (every
    // change the app makes forgets, on every node), or it is older than a REST cache entry's life (a
    // change written without a forget), or than REVERIFICAR_SESION_MS while the cache is not
    // serving (decision 233). A refused event is answered (when it takes an ack) and the socket is closed.
    function rechazar(socket: SocketMiDuelo, err: unknown, ack: unknown) {
      const r = rechazoDe(err);
      if (r.code === 'TOKEN_EXPIRADO') r.msg = MSG_GENERICO.sesionExpirada;
      if (typeof ack === 'function') ack(r);
      if (r.status === 401) expulsar(socket, r.code === 'TOKEN_EXPIRADO' ? 'expirada' : 'cierre');
      else if (r.status === 500) app.log.error({ err }, 'socket: no se pudo verificar la sesión');
    }
    function verificarEvento(socket: SocketMiDuelo, paquete: unknown[], next: (err?: Error) => void) {
      const ack = paquete.at(-1);
      const ahora = config.now().getTime();
      if (socket.data.sesion.exp * 1000 <= ahora) return rechazar(socket, unauthorized(MSG_GENERICO.sesionExpirada, 'TOKEN_EXPIRADO'), ack);
      if (app.sesiones.sigueVigente(socket.data.sesion, socket.data.sello, ahora - socket.data.verificadoEn))
        return despachar(socket, paquete, next);
      app.sesiones.reverificar(socket.data.sesion, socket.data.version).then(
        ({ sesion, sello }) => {
          socket.data.sesion = sesion;
          socket.data.verificadoEn = ahora;
          socket.data.sello = sello;
          despachar(socket, paquete, next);
        },
        (err: unknown) => rechazar(socket, err, ack),
      );
    }

    // Open sockets' session checks are refreshed before they go stale, off the event path (decision
    // 239): without it, each socket's first event after a check's life (5 min) waited for a
    // database read before its own work, and an idle socket of a session ended by a change written
    // outside the app kept receiving pushes until its next event. Only while the session cache
    // hears every node's forgets: otherwise a check lives 30 s, and events check as before.
    let refresco: Promise<void> | null = null;
    async function refrescar(): Promise<void> {
      if (!app.sesiones.chequeosDuraderos()) return;
      const ahora = config.now().getTime();
      const vencen: SocketMiDuelo[] = [];
      for (const socket of io.sockets.sockets.values()) {
        const d = socket.data;
        // Expired tokens are closed by their timer; a socket still in its handshake has no session.
        if (!d.sesion || d.sesion.exp * 1000 <= ahora) continue;
        const edad = ahora - d.verificadoEn + ANTICIPO_REFRESCO_MS + dispersionDe(d.sesion.jti);
        if (!app.sesiones.sigueVigente(d.sesion, d.sello, edad)) vencen.push(socket);
      }
      for (let i = 0; i < vencen.length; i += LOTE_REFRESCO) {
        const lote = vencen.slice(i, i + LOTE_REFRESCO);
        const inicio = config.now().getTime();
        const r = await app.sesiones.reverificarVarias(lote.map((s) => ({ sesion: s.data.sesion, version: s.data.version })));
        for (let k = 0; k < lote.length; k++) {
          const socket = lote[k];
          const sesion = r.sesiones[k];
          if (!socket.connected) continue;
          if (!sesion) {
            expulsar(socket, socket.data.sesion.exp * 1000 <= config.now().getTime() ? 'expirada' : 'cierre');
            continue;
          }
          // An event checked it meanwhile: that check is the newer one.
          if (socket.data.verificadoEn > inicio) continue;
          socket.data.sesion = sesion;
          socket.data.verificadoEn = inicio;
          socket.data.sello = r.sello;
        }
      }
    }
    function refrescarSesiones(): Promise<void> {
      refresco ??= refrescar()
        // A failed batch stops the refresh (the batches before it stay applied): each socket left
        // stale checks on its next event, as without the refresh.
        .catch((err: unknown) => {
          if (esBdCaida(err)) app.log.warn('socket: sin base para refrescar las sesiones abiertas');
          else app.log.error({ err }, 'socket: no se pudieron refrescar las sesiones abiertas');
        })
        .finally(() => {
          refresco = null;
        });
      return refresco;
    }
    const temporizadorRefresco =
      config.refrescoSesionesMs > 0 ? setInterval(() => void refrescarSesiones(), config.refrescoSesionesMs).unref() : undefined;

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
      vigilarExpiracion(socket);
      socket.on('disconnecting', desconectandose);
      socket.join(salasPersonales(socket.data.sesion));
      for (const h of handlers) h(socket);
    });

    const observadores: ObservadorEmision[] = [];
    const realtime: Realtime = {
      io,
      emitir(salas, evento, ...args) {
        // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed emit cannot narrow a generic event name
        (io.to(salas) as any).emit(evento, ...args);
        const lista = Array.isArray(salas) ? salas : [salas];
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
      clearTimeout(timer);
      clearInterval(temporizadorRefresco);
      await refresco;
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'realtime', dependencies: ['auth', 'redis'] },
);
