import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import { MSG } from '@miduelo/shared/cuentas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Double-submit anti-forgery: a browser that holds the cookie must echo it in the header on
 * every state-changing call. The mobile app holds no cookie and relies on its bearer token. */
export default fp(
  async function xsrfPlugin(app: FastifyInstance, opts: { secure: boolean }) {
    await app.register(cookie);
    app.get('/api/xsrf', async (_request, reply) => {
      const valor = _request.cookies[XSRF_COOKIE] ?? randomBytes(24).toString('base64url');
      reply.setCookie(XSRF_COOKIE, valor, { path: '/', sameSite: 'strict', httpOnly: false, secure: opts.secure });
      return reply.status(204).send();
    });
    app.addHook('onRequest', async (request, reply) => {
      if (SEGUROS.has(request.method) || !request.url.startsWith('/api/')) return;
      const enCookie = request.cookies[XSRF_COOKIE];
      if (!enCookie) return;
      const enHeader = request.headers[XSRF_HEADER];
      const a = Buffer.from(String(enCookie));
      const b = Buffer.from(typeof enHeader === 'string' ? enHeader : '');
      if (a.length !== b.length || !timingSafeEqual(a, b)) {
        reply.header('cache-control', 'no-store');
        throw forbidden(MSG.xsrf, 'XSRF');
      }
    });
  },
  { name: 'xsrf' },
);
