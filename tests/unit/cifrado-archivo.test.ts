// The stored-file format of decision 310: what goes in comes out byte for byte at every size around
// a chunk boundary; the stored bytes hold nothing of the plain ones; and a changed, moved, cut or
// re-labelled file, or a missing key, refuses to open instead of yielding altered bytes.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ArchivoIlegible,
  CABECERA_MAX,
  cifrarFlujo,
  descifrarFlujo,
  leerCabecera,
  MAGIA,
  TROZO,
  tamanoClaro,
} from '@miduelo/server/comun/cifrado-archivo';
import { crearCifrador, type Llave } from '@miduelo/server/comun/cifrado';

const k1: Llave = { id: 'k1', material: randomBytes(32) };
const k2: Llave = { id: 'k2', material: randomBytes(32) };
const cif = crearCifrador([k1]);
const CONTEXTO = 'evidencia:0f0e0d0c-0b0a-4908-8706-050403020100';

/** Yields `datos` in parts of `parte` bytes, as a file or an upload arrives. */
async function* enPartes(datos: Buffer, parte: number) {
  for (let i = 0; i < datos.length; i += parte) yield datos.subarray(i, i + parte);
}

async function juntar(flujo: AsyncIterable<Buffer>): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const p of flujo) partes.push(p);
  return Buffer.concat(partes);
}

async function cifrar(claro: Buffer, parte = 10_000, c = cif, contexto = CONTEXTO) {
  return juntar(cifrarFlujo(c, contexto, enPartes(claro, parte)));
}

async function descifrar(guardado: Buffer, c = cif, contexto = CONTEXTO, parte = 65_536) {
  const cabecera = leerCabecera(guardado.subarray(0, CABECERA_MAX));
  if (!cabecera) throw new Error('sin cabecera');
  return juntar(descifrarFlujo(c, contexto, cabecera, enPartes(guardado.subarray(cabecera.bytes.length), parte)));
}

describe('formato de archivo cifrado', () => {
  for (const n of [0, 1, TROZO - 1, TROZO, TROZO + 1, 3 * TROZO, 3 * TROZO + 5]) {
    it(`${n} bytes salen idénticos, con el tamaño claro calculado del archivo guardado`, async () => {
      const claro = randomBytes(n);
      // Parts of every shape: smaller than a chunk, and one larger than two.
      for (const parte of [1000, 2 * TROZO + 7]) {
        const guardado = await cifrar(claro, Math.max(1, parte));
        expect(guardado.subarray(0, MAGIA.length).equals(MAGIA)).toBe(true);
        const cabecera = leerCabecera(guardado.subarray(0, CABECERA_MAX));
        expect(cabecera?.llave).toBe('k1');
        expect(tamanoClaro(guardado.length, cabecera?.bytes.length ?? 0)).toBe(n);
        for (const lectura of [4096, 65_536, 200_000]) expect((await descifrar(guardado, cif, CONTEXTO, lectura)).equals(claro)).toBe(true);
      }
    });
  }

  it('lo guardado no contiene el texto ni la firma del archivo original', async () => {
    const texto = 'Querido papá: hoy volví a la casa de Coyoacán y olí tu café.';
    const claro = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(texto.repeat(3000))]);
    const guardado = await cifrar(claro);
    expect(guardado.includes(Buffer.from('casa de Coyoac'))).toBe(false);
    expect(guardado.includes(Buffer.from('%PDF'))).toBe(false);
    // Two encryptions of the same file share nothing beyond the header's fixed part (own salt, own key).
    const otro = await cifrar(claro);
    expect(otro.subarray(MAGIA.length + 3, 200).equals(guardado.subarray(MAGIA.length + 3, 200))).toBe(false);
  });

  it('un archivo guardado sin cifrar no tiene cabecera (se sirve tal cual hasta que el arranque lo cifra)', () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    expect(leerCabecera(png)).toBeNull();
    expect(leerCabecera(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  describe('se niega a abrir en lugar de dar bytes alterados', () => {
    const claro = randomBytes(3 * TROZO + 100);
    let guardado: Buffer;
    const cabeza = async () => (leerCabecera(guardado.subarray(0, CABECERA_MAX))?.bytes.length ?? 0) as number;

    it('un byte cambiado en un trozo del medio', async () => {
      guardado = await cifrar(claro);
      const roto = Buffer.from(guardado);
      roto[(await cabeza()) + TROZO + 16 + 500] ^= 1;
      await expect(descifrar(roto)).rejects.toBeInstanceOf(ArchivoIlegible);
    });

    it('cortado justo en el borde de un trozo (el último trozo quitado)', async () => {
      guardado = await cifrar(claro);
      const cortado = guardado.subarray(0, (await cabeza()) + 3 * (TROZO + 16));
      await expect(descifrar(cortado)).rejects.toBeInstanceOf(ArchivoIlegible);
    });

    it('dos trozos intercambiados', async () => {
      guardado = await cifrar(claro);
      const h = await cabeza();
      const t = TROZO + 16;
      const cambiado = Buffer.concat([
        guardado.subarray(0, h),
        guardado.subarray(h + t, h + 2 * t),
        guardado.subarray(h, h + t),
        guardado.subarray(h + 2 * t),
      ]);
      await expect(descifrar(cambiado)).rejects.toBeInstanceOf(ArchivoIlegible);
    });

    it('el archivo de otra evidencia copiado bajo este nombre', async () => {
      guardado = await cifrar(claro);
      await expect(descifrar(guardado, cif, 'evidencia:00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(ArchivoIlegible);
    });

    it('la cabecera reescrita con otra sal', async () => {
      guardado = await cifrar(claro);
      const otro = Buffer.from(guardado);
      otro[(await cabeza()) - 1] ^= 1;
      await expect(descifrar(otro)).rejects.toBeInstanceOf(ArchivoIlegible);
    });

    it('una llave que ya no está configurada', async () => {
      guardado = await cifrar(claro);
      await expect(descifrar(guardado, crearCifrador([k2]))).rejects.toBeInstanceOf(ArchivoIlegible);
    });
  });

  it('tras una rotación, la llave anterior (segunda en la lista) sigue abriendo y la nueva cifra', async () => {
    const claro = randomBytes(TROZO + 9);
    const viejo = await cifrar(claro, 5000, crearCifrador([k1]));
    const rotado = crearCifrador([k2, k1]);
    expect((await descifrar(viejo, rotado)).equals(claro)).toBe(true);
    const nuevo = await cifrar(claro, 5000, rotado);
    expect(leerCabecera(nuevo.subarray(0, CABECERA_MAX))?.llave).toBe('k2');
    expect((await descifrar(nuevo, crearCifrador([k2]))).equals(claro)).toBe(true);
  });
});
