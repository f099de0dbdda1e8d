// At-rest encryption of stored files (evidence: letters, voice notes, photos; decision 310), streamed
// so that a 25-MB upload is never held whole. The STREAM construction (Hoang, Reyhanitabar, Rogaway,
// Vizár 2015) over AES-256-GCM:
//
//   header  = MAGIC (8 bytes) ‖ key-id length (1) ‖ key id (ASCII) ‖ salt (16 random bytes)
//   chunk i = AES-256-GCM(file key, IV = i as 11 bytes big-endian ‖ last?1:0, AAD = header ‖ context)
//             of TROZO plain bytes (the last chunk: 0 to TROZO), its 16-byte tag after it
//
// The file key is HKDF-SHA256 of the key's material with the file's own salt, so no two files share
// a key and the counter IVs never repeat under one. The last-chunk flag in the IV makes a file cut at
// a chunk boundary fail to open, the counter makes reordered chunks fail, and the AAD binds every
// chunk to its header (key id, salt) and to the context the caller names (the storage key), so a file
// copied under another evidence's name does not open either. A chunk's plain bytes are released only
// after its tag checked.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Cifrador } from './cifrado';

/** "\x89MDE\r\n\x1a" and the format's version: no accepted upload type starts with it (PNG is \x89P). */
export const MAGIA = Buffer.from([0x89, 0x4d, 0x44, 0x45, 0x0d, 0x0a, 0x1a, 0x01]);
/** Plain bytes per chunk. */
export const TROZO = 64 * 1024;
const ETIQUETA = 16;
const SAL = 16;
/** The longest header (a key id has at most 32 characters): what a reader reads first. */
export const CABECERA_MAX = MAGIA.length + 1 + 32 + SAL;

export interface Cabecera {
  /** Key id under which the file was encrypted. */
  llave: string;
  sal: Buffer;
  /** The header's own bytes (part of every chunk's AAD). */
  bytes: Buffer;
}

export class ArchivoIlegible extends Error {}

/**
 * Reads a file's header from its first bytes: null when the file is not in this format (a file
 * stored before encryption, served as it is until the start-up step encrypts it).
 */
export function leerCabecera(inicio: Buffer): Cabecera | null {
  if (inicio.length < MAGIA.length || !inicio.subarray(0, MAGIA.length).equals(MAGIA)) return null;
  const n = inicio[MAGIA.length];
  const largo = MAGIA.length + 1 + n + SAL;
  if (n === undefined || n < 1 || n > 32 || inicio.length < largo) throw new ArchivoIlegible('cabecera de archivo cifrado incompleta');
  return {
    llave: inicio.subarray(MAGIA.length + 1, MAGIA.length + 1 + n).toString('latin1'),
    sal: Buffer.from(inicio.subarray(largo - SAL, largo)),
    bytes: Buffer.from(inicio.subarray(0, largo)),
  };
}

/** Plain size of an encrypted file of `tamano` bytes whose header takes `cabecera` bytes. */
export function tamanoClaro(tamano: number, cabecera: number): number {
  const cuerpo = tamano - cabecera;
  if (cuerpo < ETIQUETA) throw new ArchivoIlegible('archivo cifrado truncado');
  const trozos = Math.ceil(cuerpo / (TROZO + ETIQUETA));
  return cuerpo - trozos * ETIQUETA;
}

function iv(i: number, ultimo: boolean): Buffer {
  const b = Buffer.alloc(12);
  b.writeUIntBE(i, 5, 6);
  b[11] = ultimo ? 1 : 0;
  return b;
}

function aad(cabecera: Buffer, contexto: string): Buffer {
  return Buffer.concat([cabecera, Buffer.from(contexto, 'utf8')]);
}

/** Encrypts a stream of bytes under the current key: the header, then the chunks. */
export async function* cifrarFlujo(cif: Cifrador, contexto: string, origen: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const sal = randomBytes(SAL);
  const k = cif.llaveDeArchivo(null, sal);
  if (!k) throw new Error('sin llave de cifrado');
  const { id, llave } = k;
  const idBytes = Buffer.from(id, 'latin1');
  const cabecera = Buffer.concat([MAGIA, Buffer.from([idBytes.length]), idBytes, sal]);
  const datos = aad(cabecera, contexto);
  const trozo = (claro: Buffer, i: number, ultimo: boolean) => {
    const c = createCipheriv('aes-256-gcm', llave, iv(i, ultimo));
    c.setAAD(datos);
    return Buffer.concat([c.update(claro), c.final(), c.getAuthTag()]);
  };
  yield cabecera;
  // One full chunk is held back until more bytes arrive: only at the end is it known to be the last.
  let pendiente: Buffer[] = [];
  let n = 0;
  let i = 0;
  for await (const parte of origen) {
    let resto = Buffer.isBuffer(parte) ? parte : Buffer.from(parte);
    while (resto.length > 0) {
      if (n === TROZO) {
        yield trozo(Buffer.concat(pendiente, n), i++, false);
        pendiente = [];
        n = 0;
      }
      const toma = resto.subarray(0, TROZO - n);
      pendiente.push(toma);
      n += toma.length;
      resto = resto.subarray(toma.length);
    }
  }
  yield trozo(Buffer.concat(pendiente, n), i, true);
}

/**
 * Decrypts the chunks that follow `cabecera` (the stream starts right after the header). Throws
 * ArchivoIlegible when the key is not configured, or a chunk was changed, moved or cut off.
 */
export async function* descifrarFlujo(
  cif: Cifrador,
  contexto: string,
  cabecera: Cabecera,
  origen: AsyncIterable<Buffer>,
): AsyncGenerator<Buffer> {
  const k = cif.llaveDeArchivo(cabecera.llave, cabecera.sal);
  if (!k) throw new ArchivoIlegible(`archivo cifrado con una llave que no está configurada (${cabecera.llave})`);
  const datos = aad(cabecera.bytes, contexto);
  const abrir = (sellado: Buffer, i: number, ultimo: boolean) => {
    if (sellado.length < ETIQUETA) throw new ArchivoIlegible('archivo cifrado truncado');
    const d = createDecipheriv('aes-256-gcm', k.llave, iv(i, ultimo));
    d.setAAD(datos);
    d.setAuthTag(sellado.subarray(sellado.length - ETIQUETA));
    try {
      return Buffer.concat([d.update(sellado.subarray(0, sellado.length - ETIQUETA)), d.final()]);
    } catch {
      throw new ArchivoIlegible('un trozo del archivo cifrado no se pudo abrir (alterado, movido o cortado)');
    }
  };
  const SELLADO = TROZO + ETIQUETA;
  // A chunk is opened as "not last" only once a byte after it arrived; what remains at the end is the last.
  let buf: Buffer = Buffer.alloc(0);
  let i = 0;
  for await (const parte of origen) {
    buf = buf.length === 0 ? (parte as Buffer) : Buffer.concat([buf, parte as Buffer]);
    while (buf.length > SELLADO) {
      yield abrir(buf.subarray(0, SELLADO), i++, false);
      buf = buf.subarray(SELLADO);
    }
  }
  yield abrir(buf, i, true);
}
