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
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  },
  { name: 'redis' },
);
