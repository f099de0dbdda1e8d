import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { enviarError } from './errors';

const ARCHIVO_APP = 'miduelo.apk';
/** The patient's installable web app, a second page of the client build (docs/decisions/180). */
const DIR_APP = 'app';

/** The meta tag through which index.html hands the clinic's time zone to the client (no extra request). */
const META_ZONA = 'miduelo-zona-clinica';

// Vite names every file of /assets/ after a hash of its content: a new build means new names, so the
// browser may keep them a year without asking. Everything else is revalidated on each load.
const CACHE_INMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_REVALIDAR = 'no-cache';

/** Headers that only mean something on a document (or a worker, which /assets/ never holds): on the
 * ~20 scripts of a first load they were ~600 bytes each, ~12 kB on a slow link (decision 320). Kept
 * on a script: Content-Type, X-Content-Type-Options, Cross-Origin-Resource-Policy, Referrer-Policy
 * (a module script's own policy governs its imports' requests). */
const SOLO_DE_DOCUMENTO = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const escaparAtributo = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chunks a route's first visit needs beyond the entry's (Vite manifest, TanStack's split
 * parts and their static imports), as modulepreload links: the browser fetches them with the entry
 * instead of after it ran (one round trip less on a slow link; decision 080). */
function precargasDeRuta(dir: string, ruta: string): string {
  const archivoManifiesto = path.join(dir, '.vite', 'manifest.json');
  const nombre = ruta === '/' ? 'index' : ruta.replace(/^\//, '').replace(/\/$/, '');
  if (!/^[a-z0-9-]+$/.test(nombre) || !existsSync(archivoManifiesto)) return '';
  const manifiesto = JSON.parse(readFileSync(archivoManifiesto, 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  /** The files a set of manifest keys loads, following their static imports. */
  const cierre = (claves: string[]) => {
    const archivos = new Set<string>();
    const vistas = new Set<string>();
    const pendientes = [...claves];
    while (pendientes.length) {
      const k = pendientes.pop() as string;
      if (vistas.has(k) || !manifiesto[k]) continue;
      vistas.add(k);
      archivos.add(manifiesto[k].file);
      pendientes.push(...(manifiesto[k].imports ?? []));
    }
    return archivos;
  };
  // What the page's entry loads anyway is not announced again.
  const delIndice = cierre(['index.html']);
  const clave = `src/routes/${nombre}.tsx`;
  const deRuta = cierre(Object.keys(manifiesto).filter((k) => k === clave || k.startsWith(`${clave}?tsr-split=`)));
  return [...deRuta]
    .filter((f) => !delIndice.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    .join('\n    ');
}

/** index.html with the clinic's zone inlined and the route's chunks preloaded; read again only when
 * the build changes it. */
function indiceConZona(archivo: string, zona: string) {
  let cache: { mtime: number; porRuta: Map<string, { html: string; etag: string }> } | null = null;
  return (ruta = '/') => {
    const mtime = statSync(archivo).mtimeMs;
    if (cache?.mtime !== mtime) cache = { mtime, porRuta: new Map() };
    let r = cache.porRuta.get(ruta);
    if (!r) {
      const meta = `<meta name="${META_ZONA}" content="${escaparAtributo(zona)}" />`;
      const base = readFileSync(archivo, 'utf8');
      const precargas = precargasDeRuta(path.dirname(archivo), ruta);
      const html = base.replace('</head>', `  ${meta}\n    ${precargas}\n  </head>`);
      r = { html, etag: `W/"${createHash('sha1').update(html).digest('base64url')}"` };
      // Only known page paths are kept (one entry each); anything else is built again (cheap).
      if (precargas !== '' || ruta === '/') cache.porRuta.set(ruta, r);
    }
    return r;
  };
}

/** Serves the built client (deep links load index.html), the operator's app download, and the
 * JSON 404 of unknown API paths. Static files go out precompressed (brotli/gzip files written by the
 * build); index.html, small and carrying the zone, is compressed on the fly by plugins/compresion.ts. */
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
    const indice = index && hayCliente ? indiceConZona(index, opts.zonaClinica) : null;
    // The patient's app (issue 17): its own page, /app and everything under it.
    const indexApp = opts.clientDir ? path.join(opts.clientDir, DIR_APP, 'index.html') : null;
    const hayAppWeb = indexApp !== null && existsSync(indexApp);
    const indiceApp = indexApp && hayAppWeb ? indiceConZona(indexApp, opts.zonaClinica) : null;

    const responderIndice = (de: typeof indice) => (request: FastifyRequest, reply: FastifyReply) => {
      if (!de) return enviarError(reply, 404, 'RUTA_NO_ENCONTRADA', MSG_GENERICO.rutaNoEncontrada);
      const { html, etag } = de(request.url.split('?')[0]);
      reply.header('cache-control', CACHE_REVALIDAR).header('etag', etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(html);
    };
    const enviarIndice = responderIndice(indice);
    const enviarIndiceApp = responderIndice(indiceApp);

    if (hayCliente && opts.clientDir) {
      const raiz = opts.clientDir;
      const assets = path.join(raiz, 'assets');
      // A wildcard only under /assets/: one at the root would also answer the API's unknown paths
      // (and its too-long parameters, which must stay 414).
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        index: false,
        preCompressed: true,
        cacheControl: false,
        // A hashed name never changes content: no revalidation or ranges to answer.
        etag: false,
        lastModified: false,
        acceptRanges: false,
        // Source maps stay on disk for the operator; the public never gets them.
        allowedPath: (ruta) => !ruta.endsWith('.map'),
        setHeaders: (reply, archivo) => {
          reply.header('cache-control', archivo.startsWith(assets + path.sep) ? CACHE_INMUTABLE : CACHE_REVALIDAR);
          if (/\.(js|css|woff2)(\.br|\.gz)?$/.test(archivo)) for (const c of SOLO_DE_DOCUMENTO) reply.removeHeader(c);
        },
      });
      // The few files beside index.html (favicon…) keep their names across builds: revalidated.
      for (const archivo of readdirSync(raiz, { withFileTypes: true })) {
        if (!archivo.isFile() || archivo.name === 'index.html' || /^\.|\.(map|br|gz)$/.test(archivo.name)) continue;
        app.get(`/${archivo.name}`, (_request, reply) => reply.sendFile(archivo.name, raiz));
      }
      // The app's start page carries the clinic's zone.
      app.get('/', enviarIndice);
      app.get('/index.html', enviarIndice);
    }
    if (hayAppWeb && opts.clientDir) {
      const raizApp = path.join(opts.clientDir, DIR_APP);
      // The worker, the manifest and the icons keep their names across builds: revalidated on every
      // load (a browser checks the worker for updates this way); compressed on the fly (small files).
      // The hashed files they use are the shared /assets/ ones: precompressed and immutable.
      for (const rel of readdirSync(raizApp, { recursive: true, encoding: 'utf8' })) {
        const archivo = path.join(raizApp, rel);
        const url = rel.split(path.sep).join('/');
        if (!statSync(archivo).isFile() || url === 'index.html' || /(^|\/)\.|\.(map|br|gz)$/.test(url)) continue;
        app.get(`/${DIR_APP}/${url}`, (_request, reply) => {
          reply.header('cache-control', CACHE_REVALIDAR).header('vary', 'accept-encoding');
          if (url.endsWith('.webmanifest')) reply.type('application/manifest+json; charset=utf-8');
          return reply.sendFile(url, raizApp);
        });
      }
      // The worker's scope is /app/: a page opened at /app would be outside it (never controlled).
      app.get(`/${DIR_APP}`, (request, reply) => {
        const q = request.url.indexOf('?');
        return reply.redirect(`/${DIR_APP}/${q === -1 ? '' : request.url.slice(q)}`, 301);
      });
      app.get(`/${DIR_APP}/`, enviarIndiceApp);
      app.get(`/${DIR_APP}/index.html`, enviarIndiceApp);
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (url.startsWith('/api/') || url.startsWith('/socket.io') || request.method !== 'GET' || !hayCliente) {
        return enviarError(reply, 404, 'RUTA_NO_ENCONTRADA', MSG_GENERICO.rutaNoEncontrada);
      }
      // Any client route (/agenda, /paciente/7…) loads the app, which routes it.
      const rel = url.split('?')[0];
      if (/\.[a-z0-9]{2,5}$/i.test(rel)) return enviarError(reply, 404, 'RUTA_NO_ENCONTRADA', MSG_GENERICO.rutaNoEncontrada);
      // …and the patient's app's deep links (/app/citas, /app/chat/3…) load the patient's app.
      if (hayAppWeb && rel.startsWith(`/${DIR_APP}/`)) return enviarIndiceApp(request, reply);
      return enviarIndice(request, reply);
    });
  },
  { name: 'cliente' },
);
