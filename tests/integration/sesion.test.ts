import { MSG } from '@miduelo/shared/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { type AppDePrueba, crearAppDePrueba, inyectarCon, SECRETO_PRUEBAS } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const login = (correo: string, contrasena = CONTRASENA) =>
  t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', payload: { correo, contrasena } });
const DIA = 86_400_000;

describe('POST /api/psicologo/iniciar-sesion', () => {
  it('exige ambos campos y un correo con formato válido', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', payload: { correo: '' } });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG.loginCamposObligatorios);
    const f = await login('no-correo', 'x');
    expect(f.json().msg).toBe(MSG.correoInvalido);
  });

  it('da la misma respuesta con correo desconocido o contraseña incorrecta', async () => {
    const p = await crearPsicologo(t.db);
    const a = await login(p.correo, 'Incorrecta#1');
    const b = await login('nadie@prueba.mx', 'Incorrecta#1');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.body).toBe(b.body);
    expect(a.json().msg).toBe(MSG.credencialesInvalidas);
  });

  it('devuelve token, usuario con rol_admin y código de vinculación, sin datos sensibles', async () => {
    const p = await crearPsicologo(t.db);
    const r = await login(p.correo.toUpperCase());
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.usuario).toEqual({
      id_psicologo: p.id_psicologo,
      nombre: p.nombre,
      apellidoPaterno: p.apellidoPaterno,
      apellidoMaterno: p.apellidoMaterno,
      correo: p.correo,
      rol_admin: false,
      cedula_validada: true,
      codigo_vinculacion: p.codigo_vinculacion,
    });
    expect(body).toMatchObject({ cuenta_limitada: false, advertencia: null, diasRestantesValidacion: null });
    expect(r.body).not.toMatch(/argon2|contrasena/i);
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({
      id_psicologo: p.id_psicologo,
      correo: p.correo,
      nombre: p.nombre,
      apellido: p.apellidoPaterno,
      rol_admin: false,
    });
    expect(payload.exp).toBeGreaterThan(payload.iat);
  });

  it('cuenta atrás del periodo de gracia y cuenta limitada al terminar', async () => {
    const registro = new Date(t.reloj.ahora().getTime());
    const p = await crearPsicologo(t.db, { cedula_validada: false, createdAt: registro });
    let r = await login(p.correo);
    expect(r.json()).toMatchObject({ cuenta_limitada: false, diasRestantesValidacion: 7 });
    t.reloj.avanzar(5 * DIA);
    r = await login(p.correo);
    expect(r.json()).toMatchObject({ cuenta_limitada: false, diasRestantesValidacion: 2, advertencia: null });
    t.reloj.avanzar(2 * DIA);
    r = await login(p.correo);
    expect(r.json()).toMatchObject({ cuenta_limitada: true, diasRestantesValidacion: 0, advertencia: MSG.advertenciaLimitada });
    t.reloj.fijar(new Date());
  });

  it('un administrador nunca queda limitado', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true, cedula_validada: false, createdAt: new Date(Date.now() - 90 * DIA) });
    const r = await login(a.correo);
    expect(r.json()).toMatchObject({ cuenta_limitada: false, diasRestantesValidacion: null, usuario: { rol_admin: true } });
  });

  it('una cuenta deshabilitada no inicia sesión', async () => {
    const p = await crearPsicologo(t.db, { status: 'inactivo' });
    const r = await login(p.correo);
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe(MSG.cuentaInactiva);
  });
});

describe('tokens', () => {
  const protegido = (token: string) => inyectarCon(t.app, token, { method: 'POST', url: '/api/psicologo/cerrar-sesion' });

  it('rechaza token ausente, alterado, con alg none o expirado', async () => {
    const p = await crearPsicologo(t.db);
    expect((await t.app.inject({ method: 'POST', url: '/api/psicologo/cerrar-sesion' })).statusCode).toBe(401);
    const token = sesionPsicologo(t.app, p);
    const [h, c, f] = token.split('.');
    const payload = JSON.parse(Buffer.from(c, 'base64url').toString());
    const alterado = `${h}.${Buffer.from(JSON.stringify({ ...payload, rol_admin: true })).toString('base64url')}.${f}`;
    expect((await protegido(alterado)).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${c}.`;
    expect((await protegido(none)).statusCode).toBe(401);
    const hs512h = Buffer.from('{"alg":"HS512","typ":"JWT"}').toString('base64url');
    const hs512 = `${hs512h}.${c}.${createHmac('sha512', SECRETO_PRUEBAS).update(`${hs512h}.${c}`).digest('base64url')}`;
    expect((await protegido(hs512)).statusCode).toBe(401);
    t.reloj.avanzar(8 * 3600_000 + 1000);
    const r = await protegido(token);
    t.reloj.fijar(new Date());
    expect(r.statusCode).toBe(401);
  });

  it('cerrar sesión revoca ese token en el servidor y no otros', async () => {
    const p = await crearPsicologo(t.db);
    const a = sesionPsicologo(t.app, p);
    const b = sesionPsicologo(t.app, p);
    const r = await protegido(a);
    expect(r.statusCode).toBe(200);
    expect((await protegido(a)).statusCode).toBe(401);
    expect((await protegido(b)).statusCode).toBe(200);
  });

  it('separa los tokens de paciente y de psicólogo en ambos sentidos', async () => {
    const p = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const tp = sesionPaciente(t.app, pac);
    const r = await protegido(tp);
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe(MSG.soloPsicologos);
    const r2 = await inyectarCon(t.app, sesionPsicologo(t.app, p), { method: 'POST', url: '/api/paciente/cerrar-sesion' });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().msg).toBe(MSG.soloPacientes);
    const r3 = await inyectarCon(t.app, tp, { method: 'GET', url: '/api/admin/verificar' });
    expect(r3.statusCode).toBe(403);
  });

  it('solo un administrador pasa las rutas de administración', async () => {
    const p = await crearPsicologo(t.db);
    const a = await crearPsicologo(t.db, { rol_admin: true, nombre: 'Admin' });
    expect((await inyectarCon(t.app, sesionPsicologo(t.app, p), { method: 'GET', url: '/api/admin/verificar' })).statusCode).toBe(403);
    const r = await inyectarCon(t.app, sesionPsicologo(t.app, a), { method: 'GET', url: '/api/admin/verificar' });
    expect(r.json()).toEqual({ admin: { nombre: 'Admin', apellido: a.apellidoPaterno } });
  });

  it('deshabilitar una cuenta revoca todos sus tokens anteriores', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true });
    const p = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const tp = sesionPsicologo(t.app, p);
    const tpac = sesionPaciente(t.app, pac);
    const ta = sesionPsicologo(t.app, a);
    expect(
      (
        await inyectarCon(t.app, ta, {
          method: 'PUT',
          url: `/api/admin/psicologos/${p.id_psicologo}/status`,
          payload: { status: 'inactivo' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await inyectarCon(t.app, ta, {
          method: 'PUT',
          url: `/api/admin/pacientes/${pac.id_paciente}/status`,
          payload: { status: 'inactivo' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await protegido(tp)).statusCode).toBe(401);
    expect((await inyectarCon(t.app, tpac, { method: 'POST', url: '/api/paciente/cerrar-sesion' })).statusCode).toBe(401);
    const mal = await inyectarCon(t.app, ta, {
      method: 'PUT',
      url: `/api/admin/pacientes/${pac.id_paciente}/status`,
      payload: { status: 'borrado' },
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().msg).toBe('El estado debe ser activo o inactivo');
  });
});
