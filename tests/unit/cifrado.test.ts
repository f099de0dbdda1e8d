import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crearCifrador, hmacSha256, LlavesInvalidas, leerLlaves, nuevaLlaveBase64 } from '@miduelo/server/comun/cifrado';

const k1 = nuevaLlaveBase64();
const k2 = nuevaLlaveBase64();

/** What a search over stored hashes answers: every group of the term has one hash in the text's. */
function coincide(guardadas: string[], grupos: string[][]) {
  const s = new Set(guardadas);
  return grupos.length > 0 && grupos.every((g) => g.some((h) => s.has(h)));
}

describe('ENCRYPTION_KEY', () => {
  it('acepta base64 de 32 bytes (id k1) o pares id:base64 y la primera cifra', () => {
    expect(leerLlaves(k1).map((l) => l.id)).toEqual(['k1']);
    expect(leerLlaves(`nueva:${k2}, vieja:${k1}`).map((l) => l.id)).toEqual(['nueva', 'vieja']);
  });

  it.each([
    ['', 'ninguna'],
    ['abc', '32 bytes'],
    [`${k1},${k2}`, 'id:base64'],
    [`a:${k1},a:${k2}`, 'repite'],
    [`mal id:${k1}`, 'id de llave'],
  ])('rechaza %j', (valor, motivo) => {
    expect(() => leerLlaves(valor)).toThrow(LlavesInvalidas);
    expect(() => leerLlaves(valor)).toThrow(motivo);
  });
});

describe('cifrado autenticado', () => {
  const c = crearCifrador(leerLlaves(`a:${k1}`));

  it('el valor guardado no contiene el texto y vuelve igual, acentos y emoji incluidos', () => {
    const texto = 'Hoy extrañé mucho a mi mamá 💐';
    const v = c.cifrar(texto, 'mensaje.contenido');
    // Neither the text nor its encodings appear (a random base64 run can spell 'mam' by chance: the
    // check is on the bytes, where a 5-byte match by chance is negligible).
    for (const parte of v.split('.')) expect(Buffer.from(parte, 'base64url').includes(Buffer.from('mamá'))).toBe(false);
    expect(v).not.toContain(Buffer.from(texto).toString('base64url').slice(0, 12));
    expect(v).not.toContain('mamá');
    expect(v.startsWith('e1.a.')).toBe(true);
    expect(c.descifrar(v, 'mensaje.contenido')).toBe(texto);
    expect(c.cifrar(texto, 'mensaje.contenido')).not.toBe(v);
  });

  it('cada valor lleva su propio IV de 12 bytes, también al rellenar la reserva de azar', () => {
    // 2,000 values cross several refills of the 4-KiB pool (341 IVs each).
    const valores = Array.from({ length: 2000 }, (_, i) => c.cifrar(`nota ${i % 3}`, 'cita.notas'));
    const ivs = valores.map((v) => v.split('.')[2]);
    expect(ivs.every((iv) => Buffer.from(iv, 'base64url').length === 12)).toBe(true);
    expect(new Set(ivs).size).toBe(valores.length);
    valores.forEach((v, i) => {
      expect(c.descifrar(v, 'cita.notas')).toBe(`nota ${i % 3}`);
    });
  });

  it('un valor alterado, de otra columna o de una llave desconocida no se descifra', () => {
    const v = c.cifrar('nota clínica', 'cita.notas');
    expect(() => c.descifrar(v, 'mensaje.contenido')).toThrow();
    // A character in the middle of the body (the last one may carry only padding bits).
    const i = v.lastIndexOf('.') + 8;
    const alterado = v.slice(0, i) + (v[i] === 'A' ? 'B' : 'A') + v.slice(i + 1);
    expect(() => c.descifrar(alterado, 'cita.notas')).toThrow();
    expect(() => crearCifrador(leerLlaves(`b:${k2}`)).descifrar(v, 'cita.notas')).toThrow();
    expect(c.estaCifrado('texto plano de antes')).toBe(false);
    expect(c.estaCifrado(v)).toBe(true);
  });

  it('tras rotar, la llave nueva cifra y la vieja sigue descifrando', () => {
    const vieja = crearCifrador(leerLlaves(`v1:${k1}`));
    const v = vieja.cifrar('carta a mi hermano', 'mensaje.contenido');
    const rotado = crearCifrador(leerLlaves(`v2:${k2},v1:${k1}`));
    expect(rotado.descifrar(v, 'mensaje.contenido')).toBe('carta a mi hermano');
    expect(rotado.necesitaRecifrar(v)).toBe(true);
    expect(rotado.necesitaRecifrar(rotado.cifrar('x', 'mensaje.contenido'))).toBe(false);
  });
});

const HUELLAS_PREVIAS = [
  '24acjc26gancgqCx',
  '4xTaqjRLLYL_X0VJ',
  'VVmdPPGM8QIuAxv2',
  'h2ERR3TOL_Nbst6G',
  'MwiLALoL0wXDrvNi',
  '-mJN5kzBZln9g9lK',
  '2NsDgPvNu1myN374',
  'pQXzCL2-oXamWEio',
  'mqYORL0CUAJc3fV6',
  '_-Q5z0BO448liGsf',
  'AjtzFnBsS8PJ0Hjj',
];

describe('HMAC-SHA256 de las huellas (decision 242)', () => {
  it('da el vector de RFC 4231 (caso 2)', () => {
    const esperado = Buffer.from('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'hex').toString('base64url');
    expect(hmacSha256(Buffer.from('Jefe'))('what do ya want for nothing?')).toBe(esperado);
  });

  it('da los mismos bytes que createHmac para cualquier llave de hasta 64 bytes y cualquier texto', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 64 }),
        fc.array(fc.string({ unit: 'grapheme', maxLength: 400 }), { maxLength: 4 }),
        (llave, textos) => {
          const h = hmacSha256(Buffer.from(llave));
          for (const t of textos) expect(h(t)).toBe(createHmac('sha256', Buffer.from(llave)).update(t).digest('base64url'));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('las huellas guardadas antes del cambio siguen encontrándose (misma llave, mismo texto, mismas huellas)', () => {
    const llave = 'VGhpcyBpcyBhIDMyLWJ5dGUga2V5IGZvciB0ZXN0cyE';
    // Computed with the former createHmac implementation for this key and text.
    expect(crearCifrador(leerLlaves(`k1:${llave}`)).huellas('Carta de despedida')).toEqual(HUELLAS_PREVIAS);
  });
});

describe('huellas de búsqueda', () => {
  const c = crearCifrador(leerLlaves(`a:${k1}`));
  const guardadas = c.huellas('La carta que escribiste al 100% es tuya. Revisión de la cédula');

  it.each([
    ['CARTA', true],
    ['car', true],
    ['cedula', true],
    ['revision cedula', true],
    ['100%', true],
    ['%', true],
    ['_', false],
    ['cartas', false],
    ['nadie', false],
    ['ca', false],
    ['escribisteis', false],
  ])('%j → %s', (termino, esperado) => {
    expect(coincide(guardadas, c.huellasDeBusqueda(termino))).toBe(esperado);
  });

  it('las huellas no son las palabras y dependen de la llave', () => {
    expect(guardadas.join(' ')).not.toMatch(/carta|cedula/);
    const otra = crearCifrador(leerLlaves(`b:${k2}`));
    expect(coincide(guardadas, otra.huellasDeBusqueda('carta'))).toBe(false);
  });

  it('una palabra larga se encuentra por sus primeras 12 letras', () => {
    const h = c.huellas('acompañamiento terapéutico');
    expect(coincide(h, c.huellasDeBusqueda('acompañamiento'))).toBe(true);
    expect(coincide(h, c.huellasDeBusqueda('acompanamien'))).toBe(true);
  });

  it('tras rotar, un término encuentra textos indexados con la llave vieja', () => {
    const h = crearCifrador(leerLlaves(`v1:${k1}`)).huellas('duelo');
    const rotado = crearCifrador(leerLlaves(`v2:${k2},v1:${k1}`));
    expect(coincide(h, rotado.huellasDeBusqueda('duelo'))).toBe(true);
  });
});
