import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precomprimir } from './vite-comun.ts';

const raiz = fileURLToPath(new URL('.', import.meta.url));
const servidor = 'http://127.0.0.1:3000';
const fuentes = fileURLToPath(new URL('./src/', import.meta.url));
const BASE =
  /client[\\/]src[\\/](nucleo[\\/](http|xsrf)|lib[\\/](session|toast|search|cx))\.ts$|shared[\\/]src[\\/](errores|comun|constants|cuentas-textos|nombres)\.ts$|node_modules[\\/]valibot[\\/]/;
const CUENTA =
  /client[\\/]src[\\/](features[\\/]cuentas[\\/](use-reenvio-activacion\.ts|components[\\/]marco-cuenta\.tsx)|lib[\\/]use-form\.ts|components[\\/]ui[\\/](field|input|password-input|card)\.tsx)$|shared[\\/]src[\\/](cuentas|cuentas-textos-web)\.ts$/;
const VIVO = /client[\\/]src[\\/](nucleo[\\/]live[\\/]|lib[\\/]use-pacientes-en-vivo\.ts$|api[\\/]pacientes\.ts$)/;
const SESION = /client[\\/]src[\\/]routes[\\/]-components[\\/](alimentar-no-leidos|alimentar-foros|aviso-cuenta-limitada)\.tsx$/;

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
    rolldownOptions: {
      output: {
        // Fewer, larger first-load files (docs/decisions/320): on a slow link each request costs a round
        // trip and its headers, and a small file compresses worse than the same bytes inside a larger one.
        codeSplitting: {
          groups: [
            // What every page runs before it paints (React, the router and their stores), in one file
            // that changes only when these libraries do: ~30 small files otherwise.
            {
              name: 'marco',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|zustand)[\\/]/,
              priority: 3,
            },
            // What both key screens (login, agenda) and nearly every other load next: HTTP, session,
            // toasts, search params and the shared texts and schemas they read. Only modules every
            // screen needs belong here; anything else would be downloaded by all.
            { name: 'base', test: BASE, priority: 2 },
            // The pieces of the account pages (login, sign-up, activation, password reset): their frame,
            // form fields and texts.
            { name: 'cuenta', test: CUENTA, priority: 1, includeDependenciesRecursively: false },
            // The live core and the patient list that nearly every signed-in screen follows. These three
            // groups take only the modules named: their imports stay where they are (in the entry,
            // most of them), or the entry would import these chunks too.
            { name: 'vivo', test: VIVO, priority: 1, includeDependenciesRecursively: false },
            // What the signed-in bar loads after the first paint on every page (unread counts, forum
            // invitations, the limited-account notice): one request instead of three.
            { name: 'sesion', test: SESION, priority: 1, includeDependenciesRecursively: false },
            // Icons the agenda shares with lazy screens (the room, the profile, the patient file): one
            // small file instead of six of ~200 bytes each, every one a request and a gzip frame of
            // its own in the agenda's first load (its 150 kB budget).
            {
              name: 'iconos',
              test: /node_modules[\\/]lucide-react[\\/].*[\\/](chevron-left|chevron-right|smartphone|user-round|settings-2|video|map-pin)\.m?js$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
