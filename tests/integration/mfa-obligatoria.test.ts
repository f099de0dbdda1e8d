// Required two-step verification (issue 56, decision 382): under MFA_OBLIGATORIA=admin an
// administrator without a factor gets no session after her password, only a token that enrols;
// enrolling with the app's first code opens the session and gives the ten codes once; from then on
// the login asks for the code, and the factor cannot be removed. `todos` extends it to every
// psychologist; patients are never obliged.
import { leerConfig } from '@miduelo/server/config';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { factorTotp } from '@miduelo/server/db/schema/mfa';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_MFA_OBLIGATORIA } from '@miduelo/shared/mfa-obligatoria';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { Autenticador, registrarLlave } from '../helpers/llaves';
import { codigoEn, inscribir, loginPaciente, loginPsicologo, segundoPaso } from '../helpers/mfa';

let t: AppDePrueba;
let todos: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba({ env: { MFA_OBLIGATORIA: 'admin' } });
  todos = await crearAppDePrueba({ env: { MFA_OBLIGATORIA: 'todos' } });
});
afterAll(() => Promise.all([t?.cerrar(), todos?.cerrar()]));

const iniciar = (a: AppDePrueba, token_mfa: unknown) =>
  a.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion/inscripcion', payload: { token_mfa } });
const confirmar = (a: AppDePrueba, payload: Record<string, unknown>) =>
  a.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion/inscripcion/confirmar', payload });
const factores = (a: AppDePrueba, id: number) =>
  a.db
    .select()
    .from(factorTotp)
    .where(and(eq(factorTotp.cuentaTipo, 'psicologo'), eq(factorTotp.cuentaId, id)));

describe('MFA_OBLIGATORIA', () => {
  it('vale admin si no se dice; otro valor detiene el arranque nombrando la variable', () => {
    expect(leerConfig({ DATA_DIR: '/tmp/miduelo-pruebas' }).mfaObligatoria).toBe('admin');
    expect(leerConfig({ DATA_DIR: '/tmp/miduelo-pruebas', MFA_OBLIGATORIA: 'todos' }).mfaObligatoria).toBe('todos');
    expect(() => leerConfig({ DATA_DIR: '/tmp/miduelo-pruebas', MFA_OBLIGATORIA: 'si' })).toThrow(
      'Configuración inválida: MFA_OBLIGATORIA debe ser admin, todos o ninguna',
    );
  });
});

describe('administradora sin segundo paso (admin)', () => {
  it('tras su contraseña no recibe sesión sino una ficha que solo sirve para inscribirse', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true });
    const r = await loginPsicologo(t, a.correo);
    expect(r.statusCode).toBe(202);
    const cuerpo = r.json();
    expect(cuerpo).toEqual({ mfa_requerida: true, inscripcion_requerida: true, token_mfa: expect.any(String), metodos: ['inscripcion'] });
    // Not a session anywhere: a protected route, and the second step (she has no factor).
    expect((await inyectarCon(t.app, cuerpo.token_mfa, { method: 'GET', url: '/api/mfa/estado' })).statusCode).toBe(401);
    expect((await inyectarCon(t.app, cuerpo.token_mfa, { method: 'GET', url: '/api/admin/psicologos' })).statusCode).toBe(401);
    const paso = await segundoPaso(t, 'psicologo', { token_mfa: cuerpo.token_mfa, codigo: '123456' });
    expect(paso.statusCode).toBe(401);
    expect(paso.json()).not.toHaveProperty('token');
  });

  it('se inscribe con el primer código: entra con su sesión y sus 10 códigos, se le avisa por correo y queda en la bitácora', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true, nombre: 'Andrea' });
    const { token_mfa } = (await loginPsicologo(t, a.correo)).json();
    const i = await iniciar(t, token_mfa);
    expect(i.statusCode, i.body).toBe(200);
    const { secreto, qr } = i.json();
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const mal = await confirmar(t, { token_mfa, codigo: '000000' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toEqual({ msg: MSG_MFA.codigoInvalido, code: 'CODIGO_MFA_INVALIDO' });
    expect((await factores(t, a.id_psicologo))[0].confirmadoEn).toBeNull();
    const sinCodigo = await confirmar(t, { token_mfa });
    expect(sinCodigo.statusCode).toBe(400);
    expect(sinCodigo.json().msg).toBe(MSG_MFA.codigoObligatorio);

    const correos = t.buzon.correos.length;
    const ok = await confirmar(t, { token_mfa, codigo: await codigoEn(secreto, t.reloj.ahora()) });
    expect(ok.statusCode, ok.body).toBe(200);
    const sesion = ok.json();
    expect(sesion.usuario).toMatchObject({ id_psicologo: a.id_psicologo, rol_admin: true });
    expect(sesion.codigos).toHaveLength(10);
    const estado = await inyectarCon(t.app, sesion.token, { method: 'GET', url: '/api/mfa/estado' });
    expect(estado.json()).toMatchObject({ obligatoria: true, totp_activo: true, codigos_restantes: 10 });
    // Listed among her open sessions, as this very device (decision 380).
    const abiertas = await inyectarCon(t.app, sesion.token, { method: 'GET', url: '/api/sesiones' });
    expect(abiertas.json()).toEqual([expect.objectContaining({ actual: true })]);
    const correo = await t.buzon.esperar(a.correo, { desde: correos });
    expect(correo.asunto).toBe('Activaste la verificación en dos pasos en MiDuelo');
    expect(correo.crudo).not.toContain(secreto);
    for (const c of sesion.codigos) expect(correo.crudo).not.toContain(c);
    const filas = await t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'activar_mfa'), eq(auditoria.id_recurso, String(a.id_psicologo))));
    expect(filas).toHaveLength(1);

    // The token enrolled once: it opens nothing again.
    const otra = await confirmar(t, { token_mfa, codigo: await codigoEn(secreto, t.reloj.ahora()) });
    expect(otra.statusCode).toBe(409);
    expect(otra.json()).not.toHaveProperty('token');
    expect((await iniciar(t, token_mfa)).statusCode).toBe(409);

    // From now on: the usual second step, with her app's next code.
    t.reloj.avanzar(30_000);
    const siguiente = await loginPsicologo(t, a.correo);
    expect(siguiente.statusCode).toBe(202);
    expect(siguiente.json()).not.toHaveProperty('inscripcion_requerida');
    const entra = await segundoPaso(t, 'psicologo', {
      token_mfa: siguiente.json().token_mfa,
      codigo: await codigoEn(secreto, t.reloj.ahora()),
    });
    expect(entra.statusCode).toBe(200);
  });

  it('no puede quitar su segundo paso: 403 en español y el factor sigue', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true });
    const tk = sesionPsicologo(t.app, a);
    await inscribir(t, tk);
    const r = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/eliminar', payload: { contrasena: CONTRASENA } });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ msg: MSG_MFA_OBLIGATORIA.noSePuedeQuitar, code: 'MFA_OBLIGATORIA' });
    expect((await factores(t, a.id_psicologo))[0].confirmadoEn).not.toBeNull();
  });

  it('con una llave de acceso puede quitar la app, pero no su última llave: el segundo paso cambia de forma, nunca desaparece', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true });
    const tk = sesionPsicologo(t.app, a);
    await inscribir(t, tk);
    const { llave } = await registrarLlave(t, tk, new Autenticador());
    const sinApp = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/eliminar', payload: { contrasena: CONTRASENA } });
    expect(sinApp.statusCode, sinApp.body).toBe(200);
    // The profile reads it as on: her passkey is the second step.
    const estado = await inyectarCon(t.app, tk, { method: 'GET', url: '/api/mfa/estado' });
    expect(estado.json()).toMatchObject({ obligatoria: true, totp_activo: false, llaves: 1 });
    const ultima = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: `/api/mfa/llaves/${llave.id}/eliminar`,
      payload: { contrasena: CONTRASENA },
    });
    expect(ultima.statusCode).toBe(403);
    expect(ultima.json()).toEqual({ msg: MSG_MFA_OBLIGATORIA.noSePuedeQuitar, code: 'MFA_OBLIGATORIA' });
    const lista = await inyectarCon(t.app, tk, { method: 'GET', url: '/api/mfa/llaves' });
    expect(JSON.stringify(lista.json())).toContain(llave.nombre);
  });

  it('una ficha falsa, vencida, de otra cuenta o de un segundo paso normal no inscribe a nadie', async () => {
    expect((await iniciar(t, 'no-es-una-ficha')).statusCode).toBe(401);
    expect((await iniciar(t, 42)).statusCode).toBe(400);
    // A psychologist who is not an administrator, with a factor: her second step's token does not enrol.
    const p = await crearPsicologo(t.db);
    await inscribir(t, sesionPsicologo(t.app, p));
    const { token_mfa } = (await loginPsicologo(t, p.correo)).json();
    const r = await iniciar(t, token_mfa);
    expect(r.statusCode).toBe(401);
    expect(r.json().msg).toBe(MSG_MFA.pendienteInvalido);
    // The administrator's token lapses after its minutes.
    const a = await crearPsicologo(t.db, { rol_admin: true });
    const vieja = (await loginPsicologo(t, a.correo)).json().token_mfa;
    t.reloj.avanzar(6 * 60_000);
    expect((await iniciar(t, vieja)).statusCode).toBe(401);
    expect(await factores(t, a.id_psicologo)).toEqual([]);
  });

  it('una psicóloga que no administra y una paciente entran como siempre', async () => {
    const p = await crearPsicologo(t.db);
    const r = await loginPsicologo(t, p.correo);
    expect(r.statusCode).toBe(200);
    expect(r.json().token).toEqual(expect.any(String));
    expect((await inyectarCon(t.app, r.json().token, { method: 'GET', url: '/api/mfa/estado' })).json().obligatoria).toBe(false);
    const pac = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    expect((await loginPaciente(t, pac.email)).statusCode).toBe(200);
  });
});

describe('MFA_OBLIGATORIA=todos', () => {
  it('cada psicóloga sin segundo paso se inscribe antes de entrar; la paciente no', async () => {
    const p = await crearPsicologo(todos.db);
    const r = await loginPsicologo(todos, p.correo);
    expect(r.statusCode).toBe(202);
    expect(r.json().inscripcion_requerida).toBe(true);
    const { secreto } = (await iniciar(todos, r.json().token_mfa)).json();
    const ok = await confirmar(todos, { token_mfa: r.json().token_mfa, codigo: await codigoEn(secreto, todos.reloj.ahora()) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().usuario.rol_admin).toBe(false);
    const pac = await crearPaciente(todos.db, { id_psicologo: p.id_psicologo });
    expect((await loginPaciente(todos, pac.email)).statusCode).toBe(200);
  });
});
