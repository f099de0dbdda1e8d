import { MENSAJES_POR_VENTANA, MSG_CHAT, VENTANA_MENSAJES_MS } from '@miduelo/shared/chat';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';
import type { Sesion } from '../../plugins/auth';

/** The account a session belongs to (the admin role shares its account's budget). */
function cuentaDe(s: Sesion | null | undefined, ip: string): string {
  if (!s) return `chat-envio:ip:${ip}`;
  return s.tipo === 'paciente' ? `chat-envio:paciente:${s.id_paciente}` : `chat-envio:psicologo:${s.id_psicologo}`;
}

export interface LimitadorEnvio {
  /** preHandler of the HTTP send routes (after the auth guard, which sets the session). */
  http: preHandlerAsyncHookHandler;
  /** The same budget for a socket send: throws the 429 AppError when it is spent. */
  socket(sesion: Sesion): Promise<void>;
}

// One limiter for every send path: each limiter created gets its own store, so one per module or
// per path would give an account several budgets.
const limitadores = new WeakMap<object, LimitadorEnvio>();

/**
 * Per-account sending rate, shared by every device, conversation, path (HTTP or socket) and server
 * node (the rate-limit store is Redis when REDIS_URL is set).
 */
export function limiteDeEnvio(app: FastifyInstance): LimitadorEnvio {
  const previo = limitadores.get(app.createRateLimit);
  if (previo) return previo;
  const contar = app.createRateLimit({
    max: MENSAJES_POR_VENTANA,
    timeWindow: VENTANA_MENSAJES_MS,
    keyGenerator: (req) => cuentaDe(req.sesion, req.ip),
  });
  const comprobar = async (req: FastifyRequest) => {
    const r = await contar(req);
    if (!r.isAllowed && r.isExceeded)
      throw new AppError(429, 'DEMASIADOS_MENSAJES', MSG_CHAT.demasiadosMensajes, { retryAfter: Math.max(1, r.ttlInSeconds) });
  };
  const limitador: LimitadorEnvio = {
    http: async (request) => comprobar(request),
    // The store only reads the session, the address and the route's group from the request.
    socket: (sesion) => comprobar({ sesion, ip: '', routeOptions: {} } as unknown as FastifyRequest),
  };
  limitadores.set(app.createRateLimit, limitador);
  return limitador;
}
