// CORS_ORIGINS: a client hosted on another origin may call the API. Off by default (same origin
// only). Credentials stay off: a cross-origin client authenticates with its bearer token, never
// with cookies, so the XSRF cookie (SameSite=Strict) is never sent cross-site and the double-submit
// check does not apply to it — exactly like the mobile app.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async function corsPlugin(app: FastifyInstance, opts: { origenes: string[] }) {
    if (opts.origenes.length === 0) return;
    const permitidos = new Set(opts.origenes);
    await app.register(cors, {
      origin: (origen, cb) => cb(null, origen !== undefined && permitidos.has(origen.toLowerCase())),
      credentials: false,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type'],
      maxAge: 600,
    });
  },
  { name: 'cors' },
);
