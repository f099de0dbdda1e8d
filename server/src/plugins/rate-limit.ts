import rateLimit from '@fastify/rate-limit';
import { MSG } from '@miduelo/shared/auth';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Limites } from '../config';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-IP and per-account limits for one sensitive route (login, registration, recovery…). */
    limitesSensibles(grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined): preHandlerAsyncHookHandler[];
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { limites: Limites; redis: Redis | null }) {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis, nameSpace: 'miduelo-rl-' } : {}),
    });
    const construir = (_req: FastifyRequest, ctx: { ttl: number }) =>
      new AppError(429, 'DEMASIADOS_INTENTOS', MSG.demasiadosIntentos, {
        retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)),
      });
    app.decorate('limitesSensibles', (grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined) => {
      const { porIp, porCuenta, ventanaMs } = opts.limites;
      return [
        app.rateLimit({ max: porIp, timeWindow: ventanaMs, groupId: `${grupo}-ip`, errorResponseBuilder: construir }),
        app.rateLimit({
          max: porCuenta,
          timeWindow: ventanaMs,
          groupId: `${grupo}-cuenta`,
          keyGenerator: (req) => `cuenta:${(cuentaDe(req) ?? '').toLowerCase()}`,
          errorResponseBuilder: construir,
        }),
      ] as unknown as preHandlerAsyncHookHandler[];
    });
  },
  { name: 'rate-limit' },
);
