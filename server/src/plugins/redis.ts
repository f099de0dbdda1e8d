import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by the Socket.IO adapter and the rate limits; null on a single node. */
    redis: Redis | null;
  }
}

export default fp(
  async function redisPlugin(app: FastifyInstance, opts: { url: string | null }) {
    const redis = opts.url ? new Redis(opts.url, { maxRetriesPerRequest: 3, lazyConnect: false }) : null;
    if (redis) {
      // ioredis reconnects on its own; without a listener it prints every failed attempt to the
      // console. One line per outage in the log, and readiness (/api/salud/listo) says it is down.
      let caido = false;
      redis.on('error', (err: Error) => {
        if (!caido) app.log.error({ err: { message: err.message } }, 'Redis no disponible; reintentando');
        caido = true;
      });
      redis.on('ready', () => {
        if (caido) app.log.info('Redis disponible de nuevo');
        caido = false;
      });
    }
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  },
  { name: 'redis' },
);
