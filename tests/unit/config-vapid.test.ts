// The Web Push (VAPID) keys of the patient's app as the configuration reads them (decision 182).
import { createECDH } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nuevaLlaveBase64 } from '@miduelo/server/comun/cifrado';
import { ConfigError, leerConfig } from '@miduelo/server/config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'md-vapid-'));
const PRODUCCION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://correo:25',
  ENCRYPTION_KEY: nuevaLlaveBase64(),
};

function par() {
  const e = createECDH('prime256v1');
  e.generateKeys();
  const privada = Buffer.alloc(32);
  const k = e.getPrivateKey();
  k.copy(privada, 32 - k.length);
  return { publica: e.getPublicKey().toString('base64url'), privada: privada.toString('base64url') };
}

describe('VAPID', () => {
  it('fuera de producción se genera un par P-256 una vez en DATA_DIR (modo 0600) y se reutiliza', () => {
    const d = dir();
    const a = leerConfig({ DATA_DIR: d });
    const b = leerConfig({ DATA_DIR: d });
    expect(a.vapid).toEqual(b.vapid);
    expect(a.vapid?.publica).toMatch(/^[A-Za-z0-9_-]{87}$/); // 65 bytes, uncompressed point
    expect(Buffer.from(a.vapid?.privada ?? '', 'base64url')).toHaveLength(32);
    // The public key is the private key's: they work together.
    const e = createECDH('prime256v1');
    e.setPrivateKey(Buffer.from(a.vapid?.privada ?? '', 'base64url'));
    expect(e.getPublicKey().toString('base64url')).toBe(a.vapid?.publica);
    expect(statSync(path.join(d, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(a.vapid?.sujeto).toBe('mailto:soporte@miduelo.mx');
  });

  it('las llaves configuradas se usan tal cual; el sujeto por defecto es el correo del administrador', () => {
    const k = par();
    const c = leerConfig({
      DATA_DIR: dir(),
      VAPID_PUBLIC_KEY: k.publica,
      VAPID_PRIVATE_KEY: k.privada,
      ADMIN_EMAIL: 'admin@clinica.mx',
      ADMIN_PASSWORD: 'Clave#Segura1',
    });
    expect(c.vapid).toEqual({ publica: k.publica, privada: k.privada, sujeto: 'mailto:admin@clinica.mx' });
    expect(leerConfig({ DATA_DIR: dir(), VAPID_SUBJECT: 'https://miduelo.mx/contacto' }).vapid?.sujeto).toBe('https://miduelo.mx/contacto');
  });

  it('en producción sin llaves el push queda apagado (null), no se generan', () => {
    const d = dir();
    expect(leerConfig({ ...PRODUCCION, DATA_DIR: d }).vapid).toBeNull();
    expect(() => statSync(path.join(d, 'vapid.json'))).toThrow();
    const k = par();
    expect(leerConfig({ ...PRODUCCION, DATA_DIR: d, VAPID_PUBLIC_KEY: k.publica, VAPID_PRIVATE_KEY: k.privada }).vapid?.publica).toBe(
      k.publica,
    );
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: par().publica }, /VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas/],
    [{ VAPID_PUBLIC_KEY: 'corta', VAPID_PRIVATE_KEY: par().privada }, /VAPID_PUBLIC_KEY debe ser una llave pública VAPID/],
    [{ VAPID_SUBJECT: 'soporte@miduelo.mx' }, /VAPID_SUBJECT debe empezar con mailto: o https:\/\//],
  ])('un valor inválido detiene el arranque nombrando la variable (%o)', (env, msg) => {
    expect(() => leerConfig({ DATA_DIR: dir(), ...env })).toThrow(ConfigError);
    expect(() => leerConfig({ DATA_DIR: dir(), ...env })).toThrow(msg);
  });
});
