import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enviarError } from './errors';

export const ARCHIVO_APP = 'miduelo.apk';

/** Serves the built client (deep links load index.html), the operator's app download, and the
 * JSON 404 of unknown API paths. */
export default fp(
  async function clientePlugin(app: FastifyInstance, opts: { clientDir: string | null; dataDir: string; zonaClinica: string }) {
    const descargas = path.join(opts.dataDir, 'descargas');
    const hayApp = () => existsSync(path.join(descargas, ARCHIVO_APP));
    app.get('/api/config-publica', async () => ({
      appDescargaUrl: hayApp() ? `/descargas/${ARCHIVO_APP}` : null,
      zonaClinica: opts.zonaClinica,
    }));
    if (existsSync(descargas)) {
      await app.register(fastifyStatic, { root: descargas, prefix: '/descargas/', decorateReply: false, index: false });
    }
    const index = opts.clientDir ? path.join(opts.clientDir, 'index.html') : null;
    const hayCliente = index !== null && existsSync(index);
    if (hayCliente && opts.clientDir) {
      await app.register(fastifyStatic, { root: opts.clientDir, prefix: '/', wildcard: false, index: false });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (url.startsWith('/api/') || url.startsWith('/socket.io') || request.method !== 'GET' || !hayCliente) {
        return enviarError(reply, 404, 'RUTA_NO_ENCONTRADA', MSG_GENERICO.rutaNoEncontrada);
      }
      // Any client route (/agenda, /paciente/7…) loads the app, which routes it.
      const rel = url.split('?')[0];
      if (/\.[a-z0-9]{2,5}$/i.test(rel)) return enviarError(reply, 404, 'RUTA_NO_ENCONTRADA', MSG_GENERICO.rutaNoEncontrada);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'cliente' },
);
