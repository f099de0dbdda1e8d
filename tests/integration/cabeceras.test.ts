// Headers of issue 10: API answers are never cached, and the CSP lets the page connect only to its
// own origin (no `ws:`/`wss:` wildcard that would let injected script talk to any host).
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';

let t: AppDePrueba | undefined;
afterEach(async () => {
  await t?.cerrar();
  t = undefined;
});

function connectSrc(csp: unknown): string[] {
  const directiva = String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src '));
  return directiva?.split(/\s+/).slice(1) ?? [];
}

describe('Cache-Control de la API', () => {
  it('toda respuesta bajo /api lleva no-store: con sesión, sin ella, errores y rutas desconocidas', async () => {
    t = await crearAppDePrueba();
    const p = await crearPsicologo(t.db);
    const token = sesionPsicologo(t.app, p);
    const respuestas = [
      await inyectarCon(t.app, token, { method: 'GET', url: '/api/psicologo/chats' }),
      await inyectarCon(t.app, token, { method: 'GET', url: '/api/psicologo/lista-pacientes' }),
      await inyectarCon(t.app, token, { method: 'GET', url: '/api/psicologo/paciente/999999' }),
      await t.app.inject({ method: 'GET', url: '/api/psicologo/chats' }),
      await t.app.inject({ method: 'GET', url: '/api/no-existe' }),
      await t.app.inject({ method: 'GET', url: '/api/salud' }),
    ];
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 404, 200]);
    for (const r of respuestas) expect(r.headers['cache-control']).toBe('no-store');
  });
});

describe('Content-Security-Policy', () => {
  it.each([
    ['http://miduelo.test', 'ws://miduelo.test'],
    ['https://clinica.example.mx:8443', 'wss://clinica.example.mx:8443'],
  ])('con PUBLIC_URL %s, connect-src es el propio origen (%s), ningún ws: o wss: abierto', async (publicUrl, socket) => {
    t = await crearAppDePrueba({ env: { PUBLIC_URL: publicUrl } });
    const r = await t.app.inject({ method: 'GET', url: '/api/salud' });
    const fuentes = connectSrc(r.headers['content-security-policy']);
    expect(fuentes).toEqual(["'self'", socket]);
    expect(fuentes).not.toContain('ws:');
    expect(fuentes).not.toContain('wss:');
  });
});
