// At-rest encryption of health text (chat messages, appointment notes, clinical notes, test
// answers): AES-256-GCM with a key id stored beside each value, so keys can rotate (the first key
// of ENCRYPTION_KEY encrypts, every key decrypts). Each value is bound to its column through the
// additional authenticated data, so a ciphertext copied into another column does not decrypt.
// Search over encrypted text uses keyed hashes of normalised words and word beginnings (decision
// 070): the database can match a term without ever holding the words themselves.
import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes, randomFillSync } from 'node:crypto';

export interface Llave {
  id: string;
  /** 32 raw bytes. */
  material: Buffer;
}

export class LlavesInvalidas extends Error {}

const ID_VALIDO = /^[A-Za-z0-9_-]{1,32}$/;
const VALOR = /^e1\.([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/;
/** Shortest and longest word beginning indexed for search. */
const PREFIJO_MIN = 3;
const PREFIJO_MAX = 12;

function base64Estricto(texto: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(texto)) return null;
  const b = Buffer.from(texto.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return b.length === 32 ? b : null;
}

/**
 * Parses ENCRYPTION_KEY: the base64 of 32 bytes (key id `k1`), or `id:base64` pairs separated by
 * commas, the first of which encrypts. Throws LlavesInvalidas with a Spanish reason.
 */
export function leerLlaves(valor: string): Llave[] {
  const partes = valor
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (partes.length === 0) throw new LlavesInvalidas('no contiene ninguna llave');
  const llaves: Llave[] = [];
  for (const parte of partes) {
    const dos = parte.indexOf(':');
    const id = dos === -1 ? 'k1' : parte.slice(0, dos);
    const b64 = dos === -1 ? parte : parte.slice(dos + 1);
    if (dos === -1 && partes.length > 1) throw new LlavesInvalidas('con varias llaves, cada una debe ser id:base64');
    if (!ID_VALIDO.test(id)) throw new LlavesInvalidas('tiene un id de llave inválido (letras, dígitos, - o _)');
    const material = base64Estricto(b64);
    if (!material) throw new LlavesInvalidas('debe ser base64 de 32 bytes');
    if (llaves.some((l) => l.id === id)) throw new LlavesInvalidas(`repite el id de llave ${id}`);
    llaves.push({ id, material });
  }
  return llaves;
}

export function nuevaLlaveBase64(): string {
  return randomBytes(32).toString('base64');
}

interface Derivadas {
  id: string;
  cifrar: Buffer;
  /** A stored file's own key, from its random salt (decision 310). */
  archivo: (sal: Buffer) => Buffer;
  /** HMAC-SHA256 under the search-index key. */
  huella: (texto: string) => string;
}

/** Random IVs drawn from a pool refilled 4 KiB at a time by the same CSPRNG: one call into
 * OpenSSL per 341 values instead of one per encrypted value (decision 234). A view into the pool:
 * used before `cifrar` returns, never kept. */
const POOL_IV = Buffer.alloc(4096);
let usadoIv = POOL_IV.length;
function ivNuevo(): Buffer {
  if (usadoIv + 12 > POOL_IV.length) {
    randomFillSync(POOL_IV);
    usadoIv = 0;
  }
  usadoIv += 12;
  return POOL_IV.subarray(usadoIv - 12, usadoIv);
}

/** Bytes of SHA-256's block: a key up to this long is padded to it (RFC 2104). */
const BLOQUE = 64;
/** Scratch of the inner hash's input (pad ‖ text), grown when a text is longer, and its views by
 * length up to VISTAS_MAX (a view per hash would be one more object per hash). Cleared of the text
 * before `hmac` returns: no word of a message stays readable in it. */
let interior = Buffer.alloc(BLOQUE + 256);
let vistas: Uint8Array[] = [];
const VISTAS_MAX = BLOQUE + 512;

/**
 * HMAC-SHA256 under a key of at most 64 bytes, as RFC 2104 defines it: SHA-256(key ⊕ opad ‖
 * SHA-256(key ⊕ ipad ‖ text)), with two one-shot hashes. The same bytes `createHmac` gives (unit
 * test) in about half its time: a message's search fingerprints are tens of HMACs (decision 242).
 */
export function hmacSha256(llave: Buffer): (texto: string) => string {
  if (llave.length > BLOQUE) throw new Error('llave de índice demasiado larga');
  const ipad = Buffer.alloc(BLOQUE, 0x36);
  const exterior = Buffer.alloc(BLOQUE + 32, 0x5c);
  for (let i = 0; i < llave.length; i++) {
    ipad[i] ^= llave[i];
    exterior[i] ^= llave[i];
  }
  return (texto) => {
    const n = BLOQUE + Buffer.byteLength(texto);
    if (n > interior.length) {
      interior = Buffer.alloc(Math.max(n, interior.length * 2));
      vistas = [];
    }
    ipad.copy(interior, 0);
    interior.write(texto, BLOQUE);
    let vista = vistas[n];
    if (!vista) {
      vista = interior.subarray(0, n);
      if (n <= VISTAS_MAX) vistas[n] = vista;
    }
    const dentro = hash('sha256', vista, 'binary');
    interior.fill(0, BLOQUE, n);
    exterior.write(dentro, BLOQUE, 'binary');
    return hash('sha256', exterior, 'base64url');
  };
}

function derivar(l: Llave): Derivadas {
  const d = (info: string) => Buffer.from(hkdfSync('sha256', l.material, Buffer.alloc(0), info, 32));
  return {
    id: l.id,
    cifrar: d('miduelo/cifrado/v1'),
    huella: hmacSha256(d('miduelo/busqueda/v1')),
    archivo: (sal) => Buffer.from(hkdfSync('sha256', l.material, sal, 'miduelo/archivo/v1', 32)),
  };
}

/** Lower case, no accents, Unicode-normalised: what both the index and the query hash. */
function normalizar(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Words (letters and digits) and the lone symbols of a text, normalised, each once. */
function fichas(texto: string): string[] {
  const fuera = new Set<string>();
  for (const m of normalizar(texto).matchAll(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)) fuera.add(m[0]);
  return [...fuera];
}

export interface Cifrador {
  /** Key id that encrypts new values. */
  readonly llaveActual: string;
  cifrar(texto: string, columna: string): string;
  descifrar(valor: string, columna: string): string;
  /**
   * What a read shows: the decrypted text, or a legacy plain value as it is (a row the start-up
   * step has not encrypted yet). A value in our format that does not open (tampered, or under a key
   * no longer configured) throws.
   */
  leer(valor: string, columna: string): string;
  /** True when the value is one of ours (any known key); false for legacy plain text. */
  estaCifrado(valor: string): boolean;
  /** True when the value is encrypted under a key other than the current one (to re-encrypt). */
  necesitaRecifrar(valor: string): boolean;
  /** Keyed hashes to store beside a text: each word, and each word's beginnings of 3–12 letters. */
  huellas(texto: string): string[];
  /**
   * Hashes a search term: one group per word of the term; a text matches when, for every group,
   * it holds one of the group's hashes (one per key, so values indexed before a rotation match).
   */
  huellasDeBusqueda(termino: string): string[][];
  /**
   * The key of one stored file (comun/cifrado-archivo.ts): under the current key when `llave` is
   * null, else under that key id; null when that key is not configured.
   */
  llaveDeArchivo(llave: string | null, sal: Buffer): { id: string; llave: Buffer } | null;
}

export function crearCifrador(llaves: Llave[]): Cifrador {
  if (llaves.length === 0) throw new LlavesInvalidas('no contiene ninguna llave');
  const todas = llaves.map(derivar);
  const porId = new Map(todas.map((d) => [d.id, d]));
  const actual = todas[0];

  const hmac = (d: Derivadas, ficha: string) => d.huella(ficha).slice(0, 16);

  function abrir(valor: string, columna: string): string | null {
    const m = VALOR.exec(valor);
    if (!m) return null;
    const d = porId.get(m[1]);
    if (!d) return null;
    const iv = Buffer.from(m[2], 'base64url');
    const cuerpo = Buffer.from(m[3], 'base64url');
    if (cuerpo.length < 16) return null;
    try {
      const dec = createDecipheriv('aes-256-gcm', d.cifrar, iv);
      dec.setAAD(Buffer.from(columna));
      dec.setAuthTag(cuerpo.subarray(cuerpo.length - 16));
      return Buffer.concat([dec.update(cuerpo.subarray(0, cuerpo.length - 16)), dec.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  return {
    llaveActual: actual.id,
    cifrar(texto, columna) {
      const iv = ivNuevo();
      const c = createCipheriv('aes-256-gcm', actual.cifrar, iv);
      c.setAAD(Buffer.from(columna));
      const cuerpo = Buffer.concat([c.update(texto, 'utf8'), c.final(), c.getAuthTag()]);
      return `e1.${actual.id}.${iv.toString('base64url')}.${cuerpo.toString('base64url')}`;
    },
    descifrar(valor, columna) {
      const t = abrir(valor, columna);
      if (t === null) throw new Error(`Valor cifrado ilegible en ${columna}`);
      return t;
    },
    leer(valor, columna) {
      if (!VALOR.test(valor)) return valor;
      const t = abrir(valor, columna);
      if (t === null) throw new Error(`Valor cifrado ilegible en ${columna}`);
      return t;
    },
    estaCifrado(valor) {
      const m = VALOR.exec(valor);
      return m !== null && porId.has(m[1]);
    },
    necesitaRecifrar(valor) {
      const m = VALOR.exec(valor);
      return m === null || m[1] !== actual.id;
    },
    huellas(texto) {
      const fuera = new Set<string>();
      for (const f of fichas(texto)) {
        fuera.add(hmac(actual, f));
        for (let n = PREFIJO_MIN; n < Math.min(f.length, PREFIJO_MAX + 1); n++) fuera.add(hmac(actual, f.slice(0, n)));
      }
      return [...fuera];
    },
    llaveDeArchivo(llave, sal) {
      const d = llave === null ? actual : porId.get(llave);
      return d ? { id: d.id, llave: d.archivo(sal) } : null;
    },
    huellasDeBusqueda(termino) {
      return fichas(termino).map((f) => {
        const clave = f.length > PREFIJO_MAX ? f.slice(0, PREFIJO_MAX) : f;
        return todas.map((d) => hmac(d, clave));
      });
    },
  };
}
