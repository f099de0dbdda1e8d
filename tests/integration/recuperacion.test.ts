import { MSG } from '@miduelo/shared/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const recuperar = (correoOTelefono: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/psicologo/recuperar-contrasena', payload: { correoOTelefono } });
const tokenDe = async (correo: string, desde: number) =>
  t.buzon
    .enlace(await t.buzon.esperar(correo, { desde }))
    .split('/')
    .pop() as string;

describe('recuperación y restablecimiento de contraseña', () => {
  it('valida el campo y contesta igual exista o no la cuenta', async () => {
    expect((await recuperar('')).json().msg).toBe(MSG.recuperacionObligatorio);
    expect((await recuperar('abc')).json().msg).toBe(MSG.recuperacionInvalido);
    await crearPsicologo(t.db, { correo: 'existe@prueba.mx' });
    const a = await recuperar('existe@prueba.mx');
    const b = await recuperar('noexiste@prueba.mx');
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ msg: MSG.recuperacionCorreo, esTelefono: false });
  });

  it('por teléfono envía el correo al email registrado con ese número', async () => {
    const p = await crearPsicologo(t.db, { telefono: '5598765432' });
    const desde = t.buzon.correos.length;
    const r = await recuperar('5598765432');
    expect(r.json()).toEqual({ msg: MSG.recuperacionTelefono, esTelefono: true });
    const correo = await t.buzon.esperar(p.correo, { desde });
    expect(correo.asunto).toBe('Restablece tu contraseña de MiDuelo');
    expect(t.buzon.enlace(correo)).toMatch(/^http:\/\/miduelo\.test\/restablecer-contrasena\//);
  });

  it('restablece una sola vez, revoca los tokens anteriores y aplica las reglas de fuerza', async () => {
    const p = await crearPsicologo(t.db);
    const anterior = sesionPsicologo(t.app, p);
    const desde = t.buzon.correos.length;
    await recuperar(p.correo);
    const token = await tokenDe(p.correo, desde);
    expect((await t.app.inject({ method: 'GET', url: `/api/psicologo/verificar-token/${token}` })).json()).toEqual({ valido: true });
    const debil = await t.app.inject({
      method: 'POST',
      url: `/api/psicologo/restablecer-contrasena/${token}`,
      payload: { nuevaContrasena: 'debil' },
    });
    expect(debil.statusCode).toBe(400);
    expect(debil.json().msg).toBe(
      'La contraseña debe contener: Al menos 8 caracteres, Una letra mayúscula, Un número, Un carácter especial',
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/psicologo/restablecer-contrasena/${token}`,
      payload: { nuevaContrasena: 'Nueva#Clave9' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe(MSG.restablecerExitoso);
    const reuso = await t.app.inject({
      method: 'POST',
      url: `/api/psicologo/restablecer-contrasena/${token}`,
      payload: { nuevaContrasena: 'Otra#Clave99' },
    });
    expect(reuso.statusCode).toBe(400);
    expect(reuso.json().msg).toBe(MSG.tokenRestablecerInvalido);
    expect((await t.app.inject({ method: 'GET', url: `/api/psicologo/verificar-token/${token}` })).json()).toEqual({ valido: false });
    expect((await inyectarCon(t.app, anterior, { method: 'POST', url: '/api/psicologo/cerrar-sesion' })).statusCode).toBe(401);
    const viejo = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion',
      payload: { correo: p.correo, contrasena: CONTRASENA },
    });
    expect(viejo.statusCode).toBe(401);
    const nuevo = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion',
      payload: { correo: p.correo, contrasena: 'Nueva#Clave9' },
    });
    expect(nuevo.statusCode).toBe(200);
  });

  it('el enlace de recuperación caduca a la hora', async () => {
    const p = await crearPsicologo(t.db);
    const desde = t.buzon.correos.length;
    await recuperar(p.correo);
    const token = await tokenDe(p.correo, desde);
    t.reloj.avanzar(3600_000 + 1000);
    const v = await t.app.inject({ method: 'GET', url: `/api/psicologo/verificar-token/${token}` });
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/psicologo/restablecer-contrasena/${token}`,
      payload: { nuevaContrasena: 'Nueva#Clave9' },
    });
    t.reloj.fijar(new Date());
    expect(v.json()).toEqual({ valido: false });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG.tokenRestablecerInvalido);
  });

  it('un token inventado no es válido', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/psicologo/verificar-token/inventado-123456789' });
    expect(r.json()).toEqual({ valido: false });
  });
});
