import { MSG_PUSH, SUSCRIPCIONES_POR_VENTANA, VENTANA_SUSCRIPCIONES_MS } from '@miduelo/shared/notificaciones';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';
import { pacienteDe } from '../../plugins/auth';

// One limiter per app: each limiter @fastify/rate-limit creates gets its own store.
const limitadores = new WeakMap<object, preHandlerAsyncHookHandler>();

/** Subscription requests per patient (decision 329), over every device and server node (the store
 * is Redis when REDIS_URL is set). */
export function limiteDeSuscripciones(app: FastifyInstance): preHandlerAsyncHookHandler {
  const previo = limitadores.get(app.createRateLimit);
  if (previo) return previo;
  const contar = app.createRateLimit({
    max: SUSCRIPCIONES_POR_VENTANA,
    timeWindow: VENTANA_SUSCRIPCIONES_MS,
    keyGenerator: (req) => `push-suscripcion:paciente:${pacienteDe(req).id_paciente}`,
  });
  const limitador: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
    const r = await contar(req);
    if (!r.isAllowed && r.isExceeded)
      throw new AppError(429, 'DEMASIADAS_SUSCRIPCIONES', MSG_PUSH.demasiadasSuscripciones, { retryAfter: Math.max(1, r.ttlInSeconds) });
  };
  limitadores.set(app.createRateLimit, limitador);
  return limitador;
}
