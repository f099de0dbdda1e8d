import { MSG, mensajeDemasiadosIntentos } from '@miduelo/shared/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba({ config: { limites: { porIp: 8, porCuenta: 3, ventanaMs: 60_000 } } });
});
afterAll(() => t.cerrar());

describe('límites, anti-falsificación y cabeceras', () => {
  it('limita los intentos por cuenta con 429 y Retry-After', async () => {
    const p = await crearPsicologo(t.db);
    const intento = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/psicologo/iniciar-sesion',
        payload: { correo: p.correo, contrasena: 'Mala#1234' },
        remoteAddress: '10.0.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await intento()).statusCode).toBe(401);
    const r = await intento();
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(r.json().msg).toBe(mensajeDemasiadosIntentos(Number(r.headers['retry-after'])));
  });

  it('limita por IP aunque cambie la cuenta', async () => {
    const ip = '10.0.0.2';
    const codigos: number[] = [];
    for (let i = 0; i < 9; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/psicologo/recuperar-contrasena',
        payload: { correoOTelefono: `x${i}@prueba.mx` },
        remoteAddress: ip,
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
      method: 'POST',
      url: '/api/psicologo/reenviar-activacion',
      payload: { correo: 'a@b.mx' },
      cookies: { 'XSRF-TOKEN': cookie!.value },
    });
    expect(sin.statusCode).toBe(403);
    expect(sin.json().msg).toBe(MSG.xsrf);
    const con = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/reenviar-activacion',
      payload: { correo: 'a@b.mx' },
      cookies: { 'XSRF-TOKEN': cookie!.value },
      headers: { 'x-xsrf-token': cookie!.value },
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
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion',
      headers: { 'content-type': 'application/json' },
      payload: '{no json',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('El cuerpo de la solicitud no es válido');
  });

  it('un cuerpo JSON que no es un objeto, o con textos desmedidos, recibe un mensaje en español', async () => {
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const otro = await crearPsicologo(t.db);
    const rutas = [
      '/api/psicologo/registro',
      '/api/psicologo/iniciar-sesion',
      '/api/psicologo/reenviar-activacion',
      '/api/psicologo/recuperar-contrasena',
      '/api/psicologo/restablecer-contrasena/abcdefghijklmnopqrstuvwxyz',
      '/api/paciente/registro',
      '/api/paciente/iniciar-sesion',
    ];
    for (const url of rutas) {
      for (const crudo of ['"hola"', '42', 'true']) {
        const r = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: crudo,
          remoteAddress: '10.0.0.3',
        });
        expect({ url, crudo, status: r.statusCode, msg: r.json().msg }).toEqual({
          url,
          crudo,
          status: 400,
          msg: 'El cuerpo de la solicitud no es válido',
        });
      }
    }
    const estado = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/psicologos/${otro.id_psicologo}/status`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sesionPsicologo(t.app, admin)}` },
      payload: '"inactivo"',
    });
    expect(estado.statusCode).toBe(400);
    expect(estado.json().msg).toBe('El cuerpo de la solicitud no es válido');
    for (const url of ['/api/psicologo/iniciar-sesion', '/api/paciente/iniciar-sesion']) {
      const r = await t.app.inject({
        method: 'POST',
        url,
        payload: { correo: otro.correo, email: otro.correo, contrasena: 'Aa1!'.repeat(1000) },
        remoteAddress: '10.0.0.3',
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errores.contrasena).toBe(MSG.textoLargo);
    }
  });

  it('un enlace de un solo uso malformado recibe el mensaje del enlace, no el de valibot', async () => {
    for (const [url, msg] of [
      ['/api/psicologo/activar/corto', MSG.tokenActivacionInvalido],
      ['/api/paciente/activar/corto', MSG.tokenActivacionInvalido],
      ['/api/psicologo/verificar-token/corto', MSG.tokenRestablecerInvalido],
    ]) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe(msg);
    }
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/restablecer-contrasena/corto',
      payload: { nuevaContrasena: 'Nueva#Clave77' },
    });
    expect(r.json().msg).toBe(MSG.tokenRestablecerInvalido);
  });

  it('un enlace demasiado largo o mal codificado recibe JSON en español', async () => {
    for (const [url, status] of [
      [`/api/psicologo/verificar-token/${'a'.repeat(300)}`, 414],
      ['/api/psicologo/activar/%E0%A4%A', 400],
    ] as const) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(status);
      expect(r.json()).toEqual({ msg: 'La dirección solicitada no es válida', code: 'RUTA_INVALIDA' });
    }
  });
});
