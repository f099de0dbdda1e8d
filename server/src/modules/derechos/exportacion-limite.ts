import { EXPORTACIONES_POR_VENTANA, MSG_EXPORTACION, VENTANA_EXPORTACIONES_MS } from '@miduelo/shared/derechos-exportacion';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { actorDe } from '../../comun/auditoria';
import { AppError } from '../../errors';

// One limiter per app: each limiter @fastify/rate-limit creates gets its own store.
const limitadores = new WeakMap<object, preHandlerAsyncHookHandler>();

/** Exports per account and hour (decision 376): a patient's own, an administrator's of anyone, over
 * every device and server node (Redis when REDIS_URL is set). An export reads and decrypts all of a
 * patient's data; a script repeating it would only load the server. */
export function limiteDeExportaciones(app: FastifyInstance): preHandlerAsyncHookHandler {
  const previo = limitadores.get(app.createRateLimit);
  if (previo) return previo;
  const contar = app.createRateLimit({
    max: EXPORTACIONES_POR_VENTANA,
    timeWindow: VENTANA_EXPORTACIONES_MS,
    keyGenerator: (req) => {
      const a = actorDe(req);
      return `exportacion:${a.tipo}:${a.id}`;
    },
  });
  const limitador: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
    const r = await contar(req);
    if (!r.isAllowed && r.isExceeded) {
      const segundos = Math.max(1, r.ttlInSeconds);
      throw new AppError(429, 'DEMASIADAS_EXPORTACIONES', MSG_EXPORTACION.demasiadas(segundos / 60), { retryAfter: segundos });
    }
  };
  limitadores.set(app.createRateLimit, limitador);
  return limitador;
}
