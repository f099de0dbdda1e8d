// Community forums: forums, participants, invitations, topics and posts over HTTP and sockets.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rutasForos from './routes';
import { sembrarForosDemo } from './seed';
import { registrarSocketsForos } from './socket';

export default fp(
  async function forosPlugin(app: FastifyInstance) {
    await app.register(rutasForos, { prefix: '/api/foros' });
    registrarSocketsForos(app, app.ctx);
    app.demo.registrar(sembrarForosDemo(app.ctx.cifrador));
  },
  { name: 'foros', dependencies: ['contexto', 'auth', 'realtime', 'rate-limit', 'demo', 'cuentas'] },
);
