import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a stored evidence file: its detected type, never sniffed, never cached by shared caches,
 * and inside a sandbox: even a file that a browser would render cannot run script on our origin. */
export function enviarArchivo(reply: FastifyReply, a: { flujo: Readable; bytes: number; mime: string }, disposicion: string) {
  reply
    .header('Content-Type', a.mime)
    .header('Content-Length', String(a.bytes))
    .header('Content-Disposition', disposicion)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    // PDF needs the browser's viewer (a plugin-like frame), which a CSP sandbox would block.
    .header(
      'Content-Security-Policy',
      a.mime === 'application/pdf'
        ? "default-src 'none'; object-src 'self'"
        : "default-src 'none'; sandbox; media-src 'self'; img-src 'self'",
    );
  return reply.send(a.flujo);
}
