// Where evidence files live (decision 121). A small interface so that an S3-compatible bucket can
// replace the disk later: keys are server-made random names, never anything the client sent.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface AlmacenEvidencias {
  /** A fresh key (random; the only name a stored file ever has). */
  nuevaClave(): string;
  /** Streams `origen` into `clave`; the file appears only when complete (nothing on failure). */
  guardar(clave: string, origen: Readable): Promise<{ bytes: number }>;
  leer(clave: string): Promise<{ flujo: Readable; bytes: number } | null>;
  eliminar(clave: string): Promise<void>;
  /** Removes partial files a crash left behind (older than `antesDe`); answers how many. */
  limpiarParciales(antesDe: Date): Promise<number>;
}

const CLAVE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function almacenEnDisco(raiz: string): AlmacenEvidencias {
  const ruta = (clave: string) => {
    // Defence in depth: a key is always one of ours (a UUID), so it can never climb out of the root.
    if (!CLAVE.test(clave)) throw new Error('clave de evidencia inválida');
    return path.join(raiz, clave.slice(0, 2), clave);
  };
  return {
    nuevaClave: () => randomUUID(),
    async guardar(clave, origen) {
      const final = ruta(clave);
      const parcial = `${final}.parte`;
      await mkdir(path.dirname(final), { recursive: true });
      let bytes = 0;
      origen.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      try {
        await pipeline(origen, createWriteStream(parcial, { flags: 'wx', mode: 0o600 }));
        await rename(parcial, final);
      } catch (err) {
        await rm(parcial, { force: true });
        throw err;
      }
      return { bytes };
    },
    async leer(clave) {
      const r = ruta(clave);
      try {
        const s = await stat(r);
        return { flujo: createReadStream(r), bytes: s.size };
      } catch {
        return null;
      }
    },
    async eliminar(clave) {
      await rm(ruta(clave), { force: true });
    },
    async limpiarParciales(antesDe) {
      let n = 0;
      const entradas = await readdir(raiz, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const d of entradas) {
        if (!d.isFile() || !d.name.endsWith('.parte')) continue;
        const archivo = path.join(d.parentPath, d.name);
        const s = await stat(archivo).catch(() => null);
        if (s && s.mtime < antesDe) {
          await rm(archivo, { force: true });
          n++;
        }
      }
      return n;
    },
  };
}
