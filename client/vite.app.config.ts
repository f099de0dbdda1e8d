// The patient's app (/app, issue 17, docs/decisions/180): a second, separate build into the same
// dist/ (after the psychologists' one), so that nothing of it can change their chunks or budgets.
// Its service worker precaches exactly the files of this build.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Manifest } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precomprimir } from './vite-comun.ts';

const raiz = fileURLToPath(new URL('.', import.meta.url));
const dist = path.join(raiz, 'dist');
const fuentes = fileURLToPath(new URL('./src/', import.meta.url));
export const MANIFIESTO_APP = '.vite/manifest-app.json';

/** Every file of this build, per its Vite manifest (entry, lazy screens, CSS). */
async function archivosDeLaApp(): Promise<Set<string>> {
  const m = JSON.parse(await readFile(path.join(dist, MANIFIESTO_APP), 'utf8')) as Manifest;
  const archivos = new Set<string>();
  for (const e of Object.values(m)) {
    archivos.add(e.file);
    for (const c of e.css ?? []) archivos.add(c);
    for (const a of e.assets ?? []) archivos.add(a);
  }
  return archivos;
}

export default defineConfig({
  root: raiz,
  // public/ (with public/app/: manifest, icons, the push handler) is copied by the first build.
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      injectRegister: false,
      manifest: false,
      filename: 'app/sw.js',
      scope: '/app/',
      workbox: {
        swDest: path.join(dist, 'app/sw.js'),
        globDirectory: dist,
        // The Latin subsets of the fonts, so that the app opens offline in its own type (decision 214).
        globPatterns: ['app/**/*.{html,png,webmanifest,js}', 'assets/*.{js,css}', 'assets/*-latin-wght-normal-*.woff2'],
        globIgnores: ['app/sw.js', 'app/workbox-*.js', '**/*.map'],
        manifestTransforms: [
          async (entradas) => {
            const propios = await archivosDeLaApp();
            const manifest = entradas.filter((e) => !e.url.startsWith('assets/') || propios.has(e.url));
            // Entries are relative to the worker's folder (/app/): make them absolute.
            return { manifest: manifest.map((e) => ({ ...e, url: `/${e.url}` })), warnings: [] };
          },
        ],
        navigateFallback: '/app/index.html',
        navigateFallbackAllowlist: [/^\/app(\/|$)/],
        // The API is never cached by the worker: the app keeps the last answers it showed itself,
        // per account, and forgets them on logout (docs/decisions/183).
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        inlineWorkboxRuntime: true,
        importScripts: ['/app/sw-push.js'],
        sourcemap: false,
      },
    }),
    precomprimir({ soloEsteBuild: true, extra: ['app/sw.js'] }),
  ],
  resolve: { alias: [{ find: /^@\//, replacement: fuentes }] },
  build: {
    outDir: dist,
    emptyOutDir: false,
    sourcemap: 'hidden',
    manifest: MANIFIESTO_APP,
    rollupOptions: { input: { app: path.join(raiz, 'app/index.html') } },
  },
});
