// The sessions of open sockets (ARCHITECTURE.md, Real time; decisions 084, 222, 229, 233, 239):
// every incoming event checks its session, a socket is closed when its token expires, and open
// sockets' checks are refreshed before they go stale. Used by the realtime plugin only.
import { MSG_GENERICO } from '@miduelo/shared/errores';
import type { FastifyInstance } from 'fastify';
import { Socket } from 'socket.io';
import { esBdCaida } from '../comun/errores-bd';
import type { Config } from '../config';
import { AppError, unauthorized } from '../errors';
import type { IoMiDuelo, SocketMiDuelo } from './realtime';

type ConfigSockets = Pick<Config, 'now'>;

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

export const VERIFICADOR = Symbol.for('miduelo.realtime.verificarEvento');

type Siguiente = (err?: Error) => void;
type RunInterno = (this: SocketInterno, evento: unknown[], fn: Siguiente) => void;
interface SocketInterno {
  nsp?: { server?: Record<symbol, unknown> };
  run?: RunInterno;
}

/** Wraps Socket.IO's `Socket.prototype.run` once per process (see the plugin); false when this
 * Socket.IO has no such method (then each socket gets socket.use()). */
export function instalarVerificadorCompartido(): boolean {
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

/** Ends a socket whose session is over: the client hears why, then the connection closes. */
function expulsar(socket: SocketMiDuelo, motivo: 'expirada' | 'cierre') {
  socket.emit('sesion:revocada', { motivo });
  socket.disconnect(true);
}

// A connection may outlive its token (a patient's lives 30 days): it is closed when the token
// expires. The delay is read once against the app clock and then counts real time. One timer
// for every socket of this node (decision 084): sockets wait in buckets of their expiry
// second, and the timer is armed for the earliest bucket.
export function relojDeExpiracion(config: ConfigSockets) {
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
  function olvidar(socket: SocketMiDuelo) {
    const grupo = porSegundo.get(socket.data.venceEn);
    grupo?.delete(socket);
    if (grupo?.size === 0) porSegundo.delete(socket.data.venceEn);
  }
  return { vigilar: vigilarExpiracion, olvidar, cerrar: () => clearTimeout(timer) };
}

/** The per-event session check (`verificarEvento`, run before any handler) and the refresh of open
 * sockets' checks. `manejadores`: the handlers registered through `realtime.manejar`. */
export function verificadorDeSesiones(
  app: FastifyInstance,
  io: IoMiDuelo,
  config: ConfigSockets,
  manejadores: ReadonlyMap<string, (this: SocketMiDuelo, ...args: unknown[]) => void>,
) {
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
  return { verificarEvento, refrescarSesiones, esperarRefresco: () => refresco };
}
