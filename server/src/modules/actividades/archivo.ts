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
    // Every type, PDF included (a PDF may carry JavaScript): the web and the app show a file from a
    // blob: URL of the bytes they fetched, which this header does not reach, so no viewer of ours
    // depends on it; a PDF opened straight from this URL is sandboxed (issue 52, finding 6).
    .header('Content-Security-Policy', "default-src 'none'; sandbox; media-src 'self'; img-src 'self'");
  return reply.send(a.flujo);
}

/** The extensions each accepted type (service-evidencias) is known by; the first is the one a name
 * without a fitting extension is given. */
const EXTENSIONES: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'video/quicktime': ['mov', 'qt'],
  'video/ogg': ['ogv', 'ogg'],
  'video/vnd.avi': ['avi'],
  'audio/mpeg': ['mp3', 'mpga'],
  'audio/wav': ['wav'],
  'audio/x-wav': ['wav'],
  'audio/ogg': ['ogg', 'oga'],
  'audio/ogg; codecs=opus': ['opus', 'ogg', 'oga'],
  'audio/mp4': ['m4a', 'mp4'],
  'audio/x-m4a': ['m4a'],
  'audio/aac': ['aac'],
  'audio/flac': ['flac'],
  'audio/x-flac': ['flac'],
  'application/pdf': ['pdf'],
};

/** `nombre` ending in an extension of `mime`, the type read from the file's bytes, whatever the
 * uploader named it (issue 52, finding 5): PNG bytes named poly.html are poly.png. A fitting
 * extension is kept; a last extension-like suffix (up to 5 letters or digits) is replaced; any
 * other name gets the type's extension added. A type not listed leaves the name as it is. */
export function conExtension(nombre: string, mime: string | null | undefined): string {
  const exts = mime ? EXTENSIONES[mime] : undefined;
  if (!exts) return nombre;
  const punto = nombre.lastIndexOf('.');
  const actual = punto > 0 ? nombre.slice(punto + 1) : null;
  if (actual !== null && exts.includes(actual.toLowerCase())) return nombre;
  const raiz = actual !== null && /^[a-z0-9]{0,5}$/i.test(actual) ? nombre.slice(0, punto) : nombre;
  return `${raiz}.${exts[0]}`;
}
