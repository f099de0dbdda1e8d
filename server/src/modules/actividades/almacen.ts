// Where evidence files live (decision 121). A small interface so that an S3-compatible bucket can
// replace the disk later: keys are server-made random names, never anything the client sent. Every
// file is stored encrypted under ENCRYPTION_KEY (decision 310): a copy of DATA_DIR shows no letter,
// voice note or photo.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CABECERA_MAX, type Cabecera, cifrarFlujo, descifrarFlujo, leerCabecera, tamanoClaro } from '../../comun/cifrado-archivo';
import type { Cifrador } from '../../comun/cifrado';

export interface AlmacenEvidencias {
  /** A fresh key (random; the only name a stored file ever has). */
  nuevaClave(): string;
  /** Streams `origen` into `clave`; the file appears only when complete (nothing on failure). */
  guardar(clave: string, origen: Readable): Promise<{ bytes: number /** key id it is encrypted under */; llave: string }>;
  /** The file's plain bytes and their count; null when there is no such file. */
  leer(clave: string): Promise<{ flujo: Readable; bytes: number } | null>;
  eliminar(clave: string): Promise<void>;
  /** Every stored key (complete files only): a walk of the whole store. */
  claves(): Promise<string[]>;
  /** 'actual': encrypted under the current key; 'pendiente': stored plain, or under an older key;
   * 'ilegible': under a key no longer configured; null: no such file. */
  estado(clave: string): Promise<'actual' | 'pendiente' | 'ilegible' | null>;
  /** Rewrites a pending file under the current key (the caller holds its row locked). */
  recifrar(clave: string): Promise<void>;
  /** Removes the file if it was last written before `antesDe`; answers whether it did. */
  eliminarSiAnterior(clave: string, antesDe: Date): Promise<boolean>;
  /** Removes partial files a crash left behind (older than `antesDe`); answers how many. */
  limpiarParciales(antesDe: Date): Promise<number>;
}

const CLAVE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The AAD context of a stored file: its key, so a file moved under another name does not open. */
const contexto = (clave: string) => `evidencia:${clave}`;

export function almacenEnDisco(raiz: string, cif: Cifrador): AlmacenEvidencias {
  const ruta = (clave: string) => {
    // Defence in depth: a key is always one of ours (a UUID), so it can never climb out of the root.
    if (!CLAVE.test(clave)) throw new Error('clave de evidencia inválida');
    return path.join(raiz, clave.slice(0, 2), clave);
  };

  /** The header of a stored file (null: stored plain) and its size; null when there is no file. */
  async function abrirCabecera(archivo: string): Promise<{ cabecera: Cabecera | null; tamano: number } | null> {
    let fd: Awaited<ReturnType<typeof open>>;
    try {
      fd = await open(archivo, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      const inicio = Buffer.alloc(CABECERA_MAX);
      const { bytesRead } = await fd.read(inicio, 0, CABECERA_MAX, 0);
      return { cabecera: leerCabecera(inicio.subarray(0, bytesRead)), tamano: (await fd.stat()).size };
    } finally {
      await fd.close();
    }
  }

  /** The plain bytes of a stored file (a file stored before decision 310 is read as it is). */
  function claro(archivo: string, clave: string, c: Cabecera | null): Readable {
    if (!c) return createReadStream(archivo);
    return Readable.from(descifrarFlujo(cif, contexto(clave), c, createReadStream(archivo, { start: c.bytes.length })));
  }

  /** Writes `origen` encrypted to `.parte`, flushed to disk, then renamed over the final name. */
  async function escribir(final: string, origen: AsyncIterable<Buffer>, flags: 'wx' | 'w') {
    const parcial = `${final}.parte`;
    const destino = createWriteStream(parcial, { flags, mode: 0o600, flush: true });
    try {
      // The file exists before the first byte is read. Without this wait, an upload refused at its
      // first bytes (empty, a type not allowed) could be removed below before the stream's pending
      // open created it, leaving a `.parte` behind its answer (seen in the evidence tests).
      await once(destino, 'ready');
      await pipeline(Readable.from(cifrarFlujo(cif, contexto(path.basename(final)), origen)), destino);
      await rename(parcial, final);
    } catch (err) {
      await rm(parcial, { force: true });
      throw err;
    }
  }

  return {
    nuevaClave: () => randomUUID(),
    async guardar(clave, origen) {
      const final = ruta(clave);
      await mkdir(path.dirname(final), { recursive: true });
      let bytes = 0;
      async function* contados() {
        for await (const c of origen as AsyncIterable<Buffer>) {
          bytes += c.length;
          yield c;
        }
      }
      const llave = cif.llaveActual;
      await escribir(final, contados(), 'wx');
      return { bytes, llave };
    },
    async leer(clave) {
      const r = ruta(clave);
      const a = await abrirCabecera(r);
      if (!a) return null;
      const bytes = a.cabecera ? tamanoClaro(a.tamano, a.cabecera.bytes.length) : a.tamano;
      if (a.cabecera && !cif.llaveDeArchivo(a.cabecera.llave, a.cabecera.sal)) {
        throw new Error(`evidencia cifrada con una llave que no está configurada (${a.cabecera.llave})`);
      }
      return { flujo: claro(r, clave, a.cabecera), bytes };
    },
    async eliminar(clave) {
      await rm(ruta(clave), { force: true });
    },
    async eliminarSiAnterior(clave, antesDe) {
      const s = await stat(ruta(clave)).catch(() => null);
      if (!s || s.mtime >= antesDe) return false;
      await rm(ruta(clave), { force: true });
      return true;
    },
    async claves() {
      const entradas = await readdir(raiz, { recursive: true, withFileTypes: true }).catch(() => []);
      return entradas.filter((d) => d.isFile() && CLAVE.test(d.name)).map((d) => d.name);
    },
    async estado(clave) {
      const a = await abrirCabecera(ruta(clave));
      if (!a) return null;
      if (!a.cabecera) return 'pendiente';
      if (a.cabecera.llave === cif.llaveActual) return 'actual';
      return cif.llaveDeArchivo(a.cabecera.llave, a.cabecera.sal) ? 'pendiente' : 'ilegible';
    },
    async recifrar(clave) {
      const final = ruta(clave);
      const a = await abrirCabecera(final);
      if (!a || a.cabecera?.llave === cif.llaveActual) return;
      // The whole plain file is read (and, under an older key, authenticated) while the new one is
      // written beside it; the old one is replaced only once the new one is complete on disk.
      await escribir(final, claro(final, clave, a.cabecera), 'w');
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
