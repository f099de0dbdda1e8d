import { MSG_FOROS, VENTANA_PUBLICACIONES_MS } from '@miduelo/shared/foros';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';
import type { Sesion } from '../../plugins/auth';

function cuentaDe(s: Sesion | null | undefined, ip: string): string {
  if (!s) return `foro-publicar:ip:${ip}`;
  return s.tipo === 'paciente' ? `foro-publicar:paciente:${s.id_paciente}` : `foro-publicar:psicologo:${s.id_psicologo}`;
}

// One limiter per app: each limiter @fastify/rate-limit creates gets its own store.
const limitadores = new WeakMap<object, preHandlerAsyncHookHandler>();

/**
 * Posts and topics per account (docs/decisions/163): every forum, device and server node together
 * (the store is Redis when REDIS_URL is set). A retried post with a stored client id still counts:
 * a client that retries is told to wait like any other.
 */
export function limiteDePublicacion(app: FastifyInstance): preHandlerAsyncHookHandler {
  const previo = limitadores.get(app.createRateLimit);
  if (previo) return previo;
  const contar = app.createRateLimit({
    max: app.ctx.config.publicacionesForoPorMinuto,
    timeWindow: VENTANA_PUBLICACIONES_MS,
    keyGenerator: (req) => cuentaDe(req.sesion, req.ip),
  });
  const limitador: preHandlerAsyncHookHandler = async (req: FastifyRequest) => {
    const r = await contar(req);
    if (!r.isAllowed && r.isExceeded)
      throw new AppError(429, 'DEMASIADAS_PUBLICACIONES', MSG_FOROS.demasiadasPublicaciones, { retryAfter: Math.max(1, r.ttlInSeconds) });
  };
  limitadores.set(app.createRateLimit, limitador);
  return limitador;
}
