// The server started the way an operator starts it: `pnpm start`'s command line, the compiled
// server/dist/main.mjs with the production flags (decision 394).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentosDelServidor } from '../../scripts/start.mjs';

const RAIZ = path.resolve(import.meta.dirname, '../..');

function arrancar(env: Record<string, string>): { hijo: ChildProcess; salida: () => string; fin: Promise<number | null> } {
  let texto = '';
  const hijo = spawn(process.execPath, argumentosDelServidor, {
    cwd: RAIZ,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  hijo.stdout?.on('data', (d) => (texto += d));
  hijo.stderr?.on('data', (d) => (texto += d));
  const fin = new Promise<number | null>((resolve) => hijo.on('exit', (code) => resolve(code)));
  return { hijo, salida: () => texto, fin };
}

async function esperarTexto(salida: () => string, patron: RegExp, ms = 60_000) {
  const limite = Date.now() + ms;
  while (!patron.test(salida())) {
    if (Date.now() > limite) throw new Error(`No apareció ${patron}: ${salida()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('arranque y parada del servidor', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ TZ_CLINICA: 'Luna/Tranquilidad' }, 'TZ_CLINICA'],
    [{ JWT_SECRET: 'corto' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ ENCRYPTION_KEY: 'no-es-una-llave' }, 'ENCRYPTION_KEY'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, 'ENCRYPTION_KEY'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }, 'SMTP_URL'],
    [{ ADMIN_EMAIL: 'a@b.mx' }, 'ADMIN_PASSWORD'],
  ])('una configuración inválida %o detiene el arranque nombrando %s', async (env, variable) => {
    const { salida, fin } = arrancar({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'md-')), ...env });
    expect(await fin).toBe(1);
    expect(salida()).toContain('Configuración inválida');
    expect(salida()).toContain(variable);
  });

  it('con PGlite siembra la demo, imprime URL y accesos, asegura el admin y se detiene limpio con SIGTERM', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'md-'));
    const { hijo, salida, fin } = arrancar({
      DATA_DIR: dir,
      PORT: '0',
      ADMIN_EMAIL: 'jefa@clinica.mx',
      ADMIN_PASSWORD: 'Admin#Segura1',
    });
    await esperarTexto(salida, /MiDuelo está listo en http:\/\/127\.0\.0\.1:\d+/);
    expect(salida()).toContain('psicologa@miduelo.mx');
    expect(salida()).toContain('admin@miduelo.mx');
    const real = /listo en http:\/\/127\.0\.0\.1:(\d+)/.exec(salida())?.[1];
    const r = await fetch(`http://127.0.0.1:${real}/api/psicologo/iniciar-sesion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ correo: 'jefa@clinica.mx', contrasena: 'Admin#Segura1' }),
    });
    // The administrator exists with that password and, by default (MFA_OBLIGATORIA=admin, decision
    // 382), is led to enrol a second step before any session.
    expect(r.status).toBe(202);
    const cuerpo = await r.json();
    expect(cuerpo).toMatchObject({ mfa_requerida: true, inscripcion_requerida: true });
    expect(cuerpo).not.toHaveProperty('token');
    hijo.kill('SIGTERM');
    expect(await fin).toBe(0);
    expect(salida()).toContain('SIGTERM recibido');
  });
});
