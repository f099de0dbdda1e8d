import rateLimit from '@fastify/rate-limit';
import { MSG } from '@miduelo/shared/auth';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Limites } from '../config';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-IP and per-account limits for one sensitive route (login, registration, recovery…). */
    limitesSensibles(grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined): preHandlerAsyncHookHandler[];
  }
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { limites: Limites; prefijo: string; now: () => Date }) {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: `${opts.prefijo}:rl:` } : {}),
    });
    // createRateLimit gives a checker per limit; two checkers run in sequence on one request
    // (the plugin's own preHandler runs only once per request, so it cannot stack limits).
    app.decorate('limitesSensibles', (grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined) => {
      const { porIp, porCuenta, ventanaMs } = opts.limites;
      const porIpCheck = app.createRateLimit({ max: porIp, timeWindow: ventanaMs, keyGenerator: (req) => `${grupo}:ip:${req.ip}` });
      const porCuentaCheck = app.createRateLimit({
        max: porCuenta,
        timeWindow: ventanaMs,
        keyGenerator: (req) => `${grupo}:cuenta:${(cuentaDe(req) ?? '').toLowerCase()}`,
      });
      const comprobar = (check: typeof porIpCheck): preHandlerAsyncHookHandler =>
        async function limite(request) {
          const r = await check(request);
          if (!r.isAllowed && r.isExceeded) {
            throw new AppError(429, 'DEMASIADOS_INTENTOS', MSG.demasiadosIntentos, { retryAfter: Math.max(1, r.ttlInSeconds) });
          }
        };
      return [comprobar(porIpCheck), comprobar(porCuentaCheck)];
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
