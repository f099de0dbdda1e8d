import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { VISORES_DE_DOCUMENTOS } from '@miduelo/shared/actividades';

/** The socket origin of PUBLIC_URL (ws: or wss:): 'self' covers it in current browsers, older
 * Safari needs it named. Never any other host. */
function origenDeSocket(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/** The headers helmet writes with our options, computed once at start (decision 083): none of them
 * depends on the request, and building helmet's middleware per request (@fastify/helmet) cost
 * 4.4 % of a REST call's CPU. Helmet itself still decides every header and value. */
export function cabecerasDeSeguridad(o: { hsts: boolean; publicUrl: string }): Record<string, string> {
  const cabeceras: Record<string, string> = {};
  const respuesta = {
    setHeader(nombre: string, valor: string | number | readonly string[]) {
      cabeceras[nombre.toLowerCase()] = Array.isArray(valor) ? valor.join(', ') : String(valor);
    },
    removeHeader(nombre: string) {
      delete cabeceras[nombre.toLowerCase()];
    },
    getHeader: (nombre: string) => cabeceras[nombre.toLowerCase()],
  };
  let listo = false;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", origenDeSocket(o.publicUrl)],
        // Evidence (decision 125): files shown from blob: URLs fetched with the session; links
        // a patient shared (images, audio, video on https) and the YouTube/Vimeo/document players.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ["'self'", 'blob:', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', ...VISORES_DE_DOCUMENTOS],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: o.hsts,
  })({} as IncomingMessage, respuesta as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    listo = true;
  });
  if (!listo) throw new Error('helmet no terminó de forma síncrona');
  // Online sessions (issue 54): the web client and the patient's app (/app) use the camera and the
  // microphone of their own origin; no framed or other origin may.
  cabeceras['permissions-policy'] = 'camera=(self), microphone=(self)';
  return cabeceras;
}

/** Security headers: same-origin scripts and sockets only, never framed; API answers never cached. */
export default fp(
  async function seguridadPlugin(app: FastifyInstance, opts: { hsts: boolean; publicUrl: string }) {
    const cabeceras = cabecerasDeSeguridad(opts);
    // helmet removes X-Powered-By, which Fastify never sends.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(cabeceras);
      done();
    });
    // API answers carry health data and depend on the session: no browser or proxy keeps them.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'seguridad' },
);
