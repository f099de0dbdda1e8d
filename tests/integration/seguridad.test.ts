import { MSG } from '@miduelo/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba({ config: { limites: { porIp: 8, porCuenta: 3, ventanaMs: 60_000 } } });
});
afterAll(() => t.cerrar());

describe('límites, anti-falsificación y cabeceras', () => {
  it('limita los intentos por cuenta con 429 y Retry-After', async () => {
    const p = await crearPsicologo(t.db);
    const intento = () =>
      t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', payload: { correo: p.correo, contrasena: 'Mala#1234' }, remoteAddress: '10.0.0.1' });
    for (let i = 0; i < 3; i++) expect((await intento()).statusCode).toBe(401);
    const r = await intento();
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json().msg).toBe(MSG.demasiadosIntentos);
  });

  it('limita por IP aunque cambie la cuenta', async () => {
    const ip = '10.0.0.2';
    const codigos: number[] = [];
    for (let i = 0; i < 9; i++) {
      const r = await t.app.inject({
        method: 'POST', url: '/api/psicologo/recuperar-contrasena', payload: { correoOTelefono: `x${i}@prueba.mx` }, remoteAddress: ip,
      });
      codigos.push(r.statusCode);
    }
    expect(codigos.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(codigos[8]).toBe(429);
  });

  it('exige la cabecera X-XSRF-TOKEN a un navegador que tiene la cookie', async () => {
    const x = await t.app.inject({ method: 'GET', url: '/api/xsrf' });
    expect(x.statusCode).toBe(204);
    const cookie = x.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    const sin = await t.app.inject({
      method: 'POST', url: '/api/psicologo/reenviar-activacion', payload: { correo: 'a@b.mx' }, cookies: { 'XSRF-TOKEN': cookie!.value },
    });
    expect(sin.statusCode).toBe(403);
    expect(sin.json().msg).toBe(MSG.xsrf);
    const con = await t.app.inject({
      method: 'POST', url: '/api/psicologo/reenviar-activacion', payload: { correo: 'a@b.mx' },
      cookies: { 'XSRF-TOKEN': cookie!.value }, headers: { 'x-xsrf-token': cookie!.value },
    });
    expect(con.statusCode).toBe(200);
  });

  it('responde con cabeceras de seguridad y JSON de error en rutas de API desconocidas', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'RUTA_NO_ENCONTRADA' });
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBeDefined();
  });

  it('un cuerpo que no es JSON recibe un error claro en español', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', headers: { 'content-type': 'application/json' }, payload: '{no json' });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('El cuerpo de la solicitud no es válido');
  });
});
