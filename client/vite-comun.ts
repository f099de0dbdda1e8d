// What both builds of the client share: the psychologists' site (vite.config.ts) and the patient's
// app (vite.app.config.ts, issue 17).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRIMIBLES = /\.(js|css|svg|json|txt|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Writes `.br` and `.gz` beside every text asset of the build (docs/decisions/080): the server sends
 * them as they are (@fastify/static `preCompressed`), at the best ratio and with no CPU per request.
 * `soloEsteBuild`: only the files this build wrote (a second build into the same folder). */
export function precomprimir(o: { soloEsteBuild?: boolean; extra?: string[] } = {}): Plugin {
  let salida = '';
  const escritos: string[] = [];
  return {
    name: 'miduelo:precomprimir',
    apply: 'build',
    configResolved(config) {
      salida = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_opts, bundle) {
      escritos.push(...Object.keys(bundle));
    },
    async closeBundle() {
      const todos = o.soloEsteBuild ? [...escritos, ...(o.extra ?? [])] : await readdir(salida, { recursive: true });
      const archivos = todos.filter((f) => COMPRIMIBLES.test(f) && !f.startsWith('.vite'));
      await Promise.all(
        archivos.map(async (f) => {
          const ruta = path.join(salida, f);
          const info = await stat(ruta).catch(() => null);
          if (!info || info.size < 1024) return;
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
