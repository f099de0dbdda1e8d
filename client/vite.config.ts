import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './vite-comun.ts';

const raiz = fileURLToPath(new URL('.', import.meta.url));
const servidor = 'http://127.0.0.1:3000';
const fuentes = fileURLToPath(new URL('./src/', import.meta.url));

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
