import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const raiz = fileURLToPath(new URL('.', import.meta.url));
const servidor = 'http://127.0.0.1:3000';
const fuentes = fileURLToPath(new URL('./src/', import.meta.url));

const COMPRIMIBLES = /\.(js|css|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes `.br` and `.gz` beside every text asset of the build (docs/decisions/080): the server sends
 * them as they are (@fastify/static `preCompressed`), at the best ratio and with no CPU per request. */
function precomprimir(): Plugin {
  let salida = '';
  return {
    name: 'miduelo:precomprimir',
    apply: 'build',
    configResolved(config) {
      salida = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const archivos = (await readdir(salida, { recursive: true })).filter((f) => COMPRIMIBLES.test(f) && !f.startsWith('.vite'));
      await Promise.all(
        archivos.map(async (f) => {
          const ruta = path.join(salida, f);
          if ((await stat(ruta)).size < 1024) return;
          const datos = await readFile(ruta);
          const [br, gzipped] = await Promise.all([
            brotli(datos, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: datos.length } }),
            gz(datos, { level: 9 }),
          ]);
          if (br.length < datos.length) await writeFile(`${ruta}.br`, br);
          if (gzipped.length < datos.length) await writeFile(`${ruta}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  root: raiz,
  plugins: [
    // The router plugin must run before the React plugin so that route files are split first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    precomprimir(),
  ],
  resolve: { alias: [{ find: /^@\//, replacement: fuentes }] },
  server: {
    proxy: {
      '/api': { target: servidor, changeOrigin: false },
      '/socket.io': { target: servidor, ws: true },
      '/descargas': { target: servidor },
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for the operator but not referenced by the files, and the server never serves them.
    sourcemap: 'hidden',
    // Read by scripts/presupuesto-bundle.mjs to size each screen's first load.
    manifest: true,
  },
});
