// ENCRYPTION_KEY and the production requirements of issue 10 as the configuration reads them.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nuevaLlaveBase64 } from '@miduelo/server/comun/cifrado';
import { ConfigError, leerConfig } from '@miduelo/server/config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'md-llave-'));
const PRODUCCION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://correo:25' };

describe('ENCRYPTION_KEY', () => {
  it('fuera de producción se genera una vez en DATA_DIR (modo 0600) y se reutiliza', () => {
    const d = dir();
    const a = leerConfig({ DATA_DIR: d });
    const b = leerConfig({ DATA_DIR: d });
    expect(a.llaves.map((l) => l.id)).toEqual(['k1']);
    expect(b.llaves[0].material.equals(a.llaves[0].material)).toBe(true);
    const archivo = path.join(d, 'encryption-key');
    expect(statSync(archivo).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(archivo, 'utf8'), 'base64').length).toBe(32);
  });

  it('acepta pares id:base64; la primera llave cifra', () => {
    const c = leerConfig({ DATA_DIR: dir(), ENCRYPTION_KEY: `nueva:${nuevaLlaveBase64()},vieja:${nuevaLlaveBase64()}` });
    expect(c.llaves.map((l) => l.id)).toEqual(['nueva', 'vieja']);
  });

  it.each(['corta', `a:${nuevaLlaveBase64()},a:${nuevaLlaveBase64()}`])(
    'un valor inválido (%s) detiene el arranque nombrando la variable',
    (valor) => {
      expect(() => leerConfig({ DATA_DIR: dir(), ENCRYPTION_KEY: valor })).toThrow(ConfigError);
      expect(() => leerConfig({ DATA_DIR: dir(), ENCRYPTION_KEY: valor })).toThrow(/Configuración inválida: ENCRYPTION_KEY/);
    },
  );
});

describe('producción', () => {
  it('exige ENCRYPTION_KEY', () => {
    expect(() => leerConfig({ ...PRODUCCION, DATA_DIR: dir() })).toThrow(/ENCRYPTION_KEY es obligatorio/);
  });

  it('exige SMTP_URL: sin correo los enlaces con tokens vivos irían al registro', () => {
    const { SMTP_URL: _, ...sinSmtp } = PRODUCCION;
    expect(() => leerConfig({ ...sinSmtp, ENCRYPTION_KEY: nuevaLlaveBase64(), DATA_DIR: dir() })).toThrow(/SMTP_URL es obligatorio/);
  });

  it('arranca con las tres y no escribe ninguna llave en DATA_DIR', () => {
    const d = dir();
    const c = leerConfig({ ...PRODUCCION, ENCRYPTION_KEY: nuevaLlaveBase64(), DATA_DIR: d });
    expect(c.production).toBe(true);
    expect(() => statSync(path.join(d, 'encryption-key'))).toThrow();
  });
});
