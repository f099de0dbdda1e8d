// Compiles the server ahead of time (decision 394): one ES module bundle of our TypeScript and
// @miduelo/shared, `server/dist/main.mjs`, with every npm package left as an import (they are
// installed beside it), and the PDF worker's own bundle at `server/dist/pdf-arranque.mjs`, where
// `new URL('./pdf-arranque.mjs', import.meta.url)` finds it from the bundle; and the backup and
// restore tools (`dist/respaldar.mjs`, `dist/restaurar.mjs`) for an operator inside the image. Source maps go beside
// them and Node reads them (--enable-source-maps), so a stack still names `src/…ts` lines.
//   node server/compilar.mjs        (pnpm start and the Dockerfile run it)
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const servidor = path.dirname(fileURLToPath(import.meta.url));
const compartido = path.resolve(servidor, '../shared/src');
export const DIST = path.join(servidor, 'dist');

/** `@miduelo/shared/x` is our source too: bundled, not left as an import of a .ts file. */
const shared = {
  name: 'miduelo-shared',
  setup(b) {
    b.onResolve({ filter: /^@miduelo\/shared\// }, (a) => ({ path: path.join(compartido, `${a.path.slice(16)}.ts`) }));
  },
};

/** The bundle the server runs from (the Dockerfile's CMD and `pnpm start`). */
export const PRINCIPAL = path.join(DIST, 'main.mjs');

/** The newest modification time (ms) of any file under `dir` (also `pnpm start`'s check of the client). */
export function masReciente(dir) {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? masReciente(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** Whether `server/dist` is missing or older than the server's or shared's sources. */
export function compilacionVieja() {
  if (!existsSync(PRINCIPAL)) return true;
  return statSync(PRINCIPAL).mtimeMs < Math.max(masReciente(path.join(servidor, 'src')), masReciente(compartido));
}

/** Builds into a fresh folder and then swaps it in, so that a server starting meanwhile finds the
 * previous bundle whole, never half a one. */
export async function compilarServidor() {
  const nueva = `${DIST}.${process.pid}`;
  rmSync(nueva, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(servidor, 'src/main.ts'),
      'pdf-arranque': path.join(servidor, 'src/modules/expediente/pdf-trabajador.ts'),
      // `pnpm backup` / `pnpm restore` inside the image, where there are no sources (decision 389).
      respaldar: path.join(servidor, 'src/respaldo/respaldar.ts'),
      restaurar: path.join(servidor, 'src/respaldo/restaurar.ts'),
    },
    outdir: nueva,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    plugins: [shared],
    logLevel: 'warning',
  });
  const vieja = `${DIST}.viejo.${process.pid}`;
  if (existsSync(DIST)) renameSync(DIST, vieja);
  renameSync(nueva, DIST);
  rmSync(vieja, { recursive: true, force: true });
}

export async function compilarServidorSiHaceFalta() {
  if (compilacionVieja()) await compilarServidor();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t0 = performance.now();
  await compilarServidor();
  console.log(`Servidor compilado en ${Math.round(performance.now() - t0)} ms: ${path.relative(process.cwd(), DIST)}/main.mjs`);
}
