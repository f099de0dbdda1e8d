// Liveness and readiness. `/api/salud` touches nothing (the process answers: do not restart it);
// `/api/salud/listo` checks what a request needs (PostgreSQL, and Redis when configured), so a load
// balancer stops routing to a node whose database is gone (Dockerfile HEALTHCHECK, compose).
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enviarError } from './errors';

/** A check that does not answer within this time counts as down. */
const ESPERA_MS = 2_000;

async function aTiempo(p: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const limite = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ESPERA_MS);
  });
  try {
    return await Promise.race([p.then(() => true), limite]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export default fp(
  async function saludPlugin(app: FastifyInstance) {
    app.get('/api/salud', async () => ({ ok: true }));
    app.get('/api/salud/listo', async (_request, reply) => {
      const [bd, redis] = await Promise.all([
        aTiempo(app.db.execute(sql`select 1`)),
        app.redis ? aTiempo(app.redis.ping()) : Promise.resolve(null),
      ]);
      reply.header('cache-control', 'no-store');
      if (!bd) return enviarError(reply, 503, 'SERVICIO_NO_DISPONIBLE', MSG_GENERICO.baseDatos);
      if (redis === false) return enviarError(reply, 503, 'REDIS_NO_DISPONIBLE', MSG_GENERICO.redisCaido);
      return { ok: true, base_de_datos: 'ok', redis: redis === null ? 'sin configurar' : 'ok' };
    });
  },
  { name: 'salud', dependencies: ['db', 'redis', 'errors'] },
);
