import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The socket origin of PUBLIC_URL (ws: or wss:): 'self' covers it in current browsers, older
 * Safari needs it named. Never any other host. */
function origenDeSocket(publicUrl: string): string {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
}

/** Security headers: same-origin scripts and sockets only, never framed; API answers never cached. */
export default fp(
  async function seguridadPlugin(app: FastifyInstance, opts: { hsts: boolean; publicUrl: string }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          connectSrc: ["'self'", origenDeSocket(opts.publicUrl)],
          // Evidence (decision 125): files shown from blob: URLs fetched with the session; links
          // a patient shared (images, audio, video on https) and the YouTube/Vimeo/document players.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          frameSrc: [
            "'self'",
            'blob:',
            'https://www.youtube-nocookie.com',
            'https://player.vimeo.com',
            'https://docs.google.com',
            'https://view.officeapps.live.com',
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.hsts,
    });
    // API answers carry health data and depend on the session: no browser or proxy keeps them.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'seguridad' },
);
