// Passkeys (issue 56, decisions 374–375): registering one needs the password in the request; each
// challenge serves once and for a few minutes; a passkey opens a session alone (user verified) or
// as the second step; a cloned authenticator (counter that does not grow) is refused; removing
// needs the password; each change mails the account (no key in it) and is audited.
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { llaveAcceso } from '@miduelo/server/db/schema/passkeys';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { Autenticador, entrarConLlave, registrarLlave } from '../helpers/llaves';
import { codigoEn, inscribir, loginPaciente, loginPsicologo, segundoPaso } from '../helpers/mfa';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const opcionesRegistro = (token: string, contrasena = CONTRASENA) =>
  inyectarCon(t.app, token, { method: 'POST', url: '/api/mfa/llaves/opciones', payload: { contrasena } });
const llaves = async (token: string) => (await inyectarCon(t.app, token, { method: 'GET', url: '/api/mfa/llaves' })).json().llaves;
const acciones = async (id: number, accion: string) =>
  t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.actor_id, id), eq(auditoria.accion, accion)));

describe('registro de una llave', () => {
  it('pide la contraseña en la misma solicitud: sin ella o con otra no da opciones', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const sin = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/llaves/opciones', payload: {} });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().msg).toBe(MSG_MFA.confirmaContrasena);
    const mala = await opcionesRegistro(tk, 'Otra#Clave99');
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toEqual({ msg: MSG_MFA.contrasenaIncorrecta, code: 'CONTRASENA_INCORRECTA' });
    // Without options asked with the password, no answer is accepted.
    const a = new Autenticador();
    const r = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/llaves',
      payload: { nombre: 'Intrusa', respuesta: a.crear({ challenge: 'reto-inventado', rp: { id: 'miduelo.test' }, user: { id: 'x' } }) },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('RETO_WEBAUTHN_INVALIDO');
    expect(await llaves(tk)).toEqual([]);
  });

  it('guarda la llave con su nombre, da 10 códigos si es el primer factor, avisa por correo sin la llave y lo audita', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const o = await opcionesRegistro(tk);
    expect(o.statusCode).toBe(200);
    const { opciones } = o.json();
    expect(opciones.rp).toEqual({ name: 'MiDuelo', id: 'miduelo.test' });
    expect(opciones.user.name).toBe(p.correo);
    expect(opciones.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const a = new Autenticador();
    const respuesta = a.crear(opciones);
    const desde = t.buzon.correos.length;
    const r = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/llaves',
      payload: { nombre: '  Laptop del consultorio ', respuesta },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe(MSG_LLAVES.agregada);
    expect(r.json().llave).toMatchObject({ nombre: 'Laptop del consultorio', usada_en: null });
    expect(r.json().codigos).toHaveLength(10);
    const correo = await t.buzon.esperar(p.correo, { desde });
    expect(correo.asunto).toBe('Agregaste una llave de acceso en MiDuelo');
    expect(correo.crudo).toContain('Laptop del consultorio');
    const [fila] = await t.db.select().from(llaveAcceso).where(eq(llaveAcceso.cuentaId, p.id_psicologo));
    expect(correo.crudo).not.toContain(fila.llavePublica);
    expect(correo.crudo).not.toContain(fila.credencialId);
    expect(await acciones(p.id_psicologo, 'agregar_llave_acceso')).toHaveLength(1);
    expect(await llaves(tk)).toEqual([
      { id: fila.id, nombre: 'Laptop del consultorio', creada_en: expect.any(String), usada_en: null, respaldada: false },
    ]);

    // The same answer again: its challenge is spent.
    const otra = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/llaves', payload: { nombre: 'Repetida', respuesta } });
    expect(otra.statusCode).toBe(400);
    expect(otra.json()).toEqual({ msg: MSG_LLAVES.retoInvalido, code: 'RETO_WEBAUTHN_INVALIDO' });
    // A second passkey: no new codes (the first ones stand).
    const segunda = await registrarLlave(t, tk, a, 'Teléfono');
    expect(segunda.codigos).toBeNull();
    expect((await llaves(tk)).map((l: { nombre: string }) => l.nombre)).toEqual(['Laptop del consultorio', 'Teléfono']);
  });

  it('un reto de hace más de 5 minutos, de otra cuenta, de otro origen o sin verificar a la persona no sirve', async () => {
    const p = await crearPsicologo(t.db);
    const q = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const a = new Autenticador();
    const vencida = (await opcionesRegistro(tk)).json().opciones;
    t.reloj.avanzar(6 * 60_000);
    const r1 = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/llaves',
      payload: { nombre: 'A', respuesta: a.crear(vencida) },
    });
    expect(r1.json().code).toBe('RETO_WEBAUTHN_INVALIDO');
    const deOtra = (await opcionesRegistro(sesionPsicologo(t.app, q))).json().opciones;
    const r2 = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/llaves',
      payload: { nombre: 'B', respuesta: a.crear(deOtra) },
    });
    expect(r2.json().code).toBe('RETO_WEBAUTHN_INVALIDO');
    const o3 = (await opcionesRegistro(tk)).json().opciones;
    const r3 = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/llaves',
      payload: { nombre: 'C', respuesta: a.crear(o3, { origen: 'https://phishing.example' }) },
    });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().code).toBe('LLAVE_INVALIDA');
    const o4 = (await opcionesRegistro(tk)).json().opciones;
    const r4 = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/llaves',
      payload: { nombre: 'D', respuesta: a.crear(o4, { verificado: false }) },
    });
    expect(r4.json().code).toBe('LLAVE_INVALIDA');
    const o5 = (await opcionesRegistro(tk)).json().opciones;
    const r5 = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/llaves', payload: { nombre: ' ', respuesta: a.crear(o5) } });
    expect(r5.statusCode).toBe(400);
    expect(r5.json().msg).toBe(MSG_LLAVES.nombreObligatorio);
    expect(await llaves(tk)).toEqual([]);
  });
});

describe('entrar con una llave', () => {
  it('la llave sola abre la sesión; la misma respuesta no sirve dos veces; una copia del autenticador tampoco', async () => {
    const p = await crearPsicologo(t.db);
    const a = new Autenticador();
    await registrarLlave(t, sesionPsicologo(t.app, p), a);
    const { respuesta, r } = await entrarConLlave(t, 'psicologo', a);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().usuario.id_psicologo).toBe(p.id_psicologo);
    expect((await inyectarCon(t.app, r.json().token, { method: 'GET', url: '/api/psicologo/perfil' })).statusCode).toBe(200);
    const [usada] = await llaves(r.json().token);
    expect(usada.usada_en).toBe(t.reloj.ahora().toISOString());
    // Listed among her open sessions, as this very device (decision 380).
    const abiertas = await inyectarCon(t.app, r.json().token, { method: 'GET', url: '/api/sesiones' });
    expect(abiertas.json()).toEqual([expect.objectContaining({ actual: true })]);

    const repetida = await t.app.inject({ method: 'POST', url: '/api/psicologo/llave-acceso/entrar', payload: { respuesta } });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().code).toBe('RETO_WEBAUTHN_INVALIDO');
    // A cloned authenticator answers with a counter the server already saw.
    const clon = await entrarConLlave(t, 'psicologo', a, { contador: 1 });
    expect(clon.r.statusCode).toBe(401);
    expect(clon.r.json()).toEqual({ msg: MSG_LLAVES.noReconocida, code: 'LLAVE_NO_RECONOCIDA' });
    // Without user verification the passkey is one factor only: no session.
    const sinVerificar = await entrarConLlave(t, 'psicologo', a, { verificado: false });
    expect(sinVerificar.r.statusCode).toBe(401);
    expect((await entrarConLlave(t, 'psicologo', a)).r.statusCode).toBe(200);
  });

  it('una llave desconocida, o de paciente en el inicio de psicólogos, no entra', async () => {
    const pac = await crearPaciente(t.db);
    const a = new Autenticador();
    await registrarLlave(t, sesionPaciente(t.app, pac), a);
    const cruzada = await entrarConLlave(t, 'psicologo', a);
    expect(cruzada.r.statusCode).toBe(401);
    const extrana = new Autenticador();
    extrana.crear({ challenge: 'x', rp: { id: 'miduelo.test' }, user: { id: 'y' } });
    expect((await entrarConLlave(t, 'paciente', extrana)).r.statusCode).toBe(401);
    const ok = await entrarConLlave(t, 'paciente', a);
    expect(ok.r.statusCode).toBe(200);
    expect(ok.r.json().paciente.id_paciente).toBe(pac.id_paciente);
  });

  it('una cuenta desactivada no entra con su llave', async () => {
    const p = await crearPsicologo(t.db);
    const a = new Autenticador();
    await registrarLlave(t, sesionPsicologo(t.app, p), a);
    await t.db.update(psicologo).set({ status: 'inactivo' }).where(eq(psicologo.id_psicologo, p.id_psicologo));
    expect((await entrarConLlave(t, 'psicologo', a)).r.statusCode).toBe(401);
  });
});

describe('la llave como segundo paso', () => {
  it('tras la contraseña pide el segundo paso y la llave lo da; el token pendiente se gasta', async () => {
    const p = await crearPsicologo(t.db);
    const a = new Autenticador();
    await registrarLlave(t, sesionPsicologo(t.app, p), a);
    const login = await loginPsicologo(t, p.correo);
    expect(login.statusCode).toBe(202);
    expect(login.json().metodos).toEqual(['llave', 'recuperacion']);
    const token_mfa = login.json().token_mfa;
    const o = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso/llave-opciones',
      payload: { token_mfa },
    });
    expect(o.statusCode).toBe(200);
    expect(o.json().opciones.allowCredentials.map((c: { id: string }) => c.id)).toEqual([a.credenciales[0].id.toString('base64url')]);
    const respuesta = a.obtener(o.json().opciones);
    const s = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso/llave',
      payload: { token_mfa, respuesta },
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().usuario.id_psicologo).toBe(p.id_psicologo);
    // The pending token was spent with it.
    const o2 = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso/llave-opciones',
      payload: { token_mfa },
    });
    const otra = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso/llave',
      payload: { token_mfa, respuesta: a.obtener(o2.json().opciones) },
    });
    expect(otra.statusCode).toBe(401);
    expect(otra.json().code).toBe('MFA_PENDIENTE_INVALIDO');
  });

  it('con app y llave se ofrecen ambas; la llave de otra cuenta no da el segundo paso; un código de recuperación sí', async () => {
    const p = await crearPsicologo(t.db);
    const q = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const { secreto } = await inscribir(t, tk);
    const a = new Autenticador();
    await registrarLlave(t, tk, a);
    const ajena = new Autenticador();
    await registrarLlave(t, sesionPsicologo(t.app, q), ajena);
    const login = await loginPsicologo(t, p.correo);
    expect(login.json().metodos).toEqual(['totp', 'llave', 'recuperacion']);
    const token_mfa = login.json().token_mfa;
    const o = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso/llave-opciones',
      payload: { token_mfa },
    });
    const s = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion/segundo-paso/llave',
      payload: { token_mfa, respuesta: ajena.obtener({ ...o.json().opciones, allowCredentials: [] }) },
    });
    expect(s.statusCode).toBe(401);
    expect(s.json().code).toBe('LLAVE_NO_RECONOCIDA');
    // The app's code still works for the same pending token.
    const totp = await segundoPaso(t, 'psicologo', { token_mfa, codigo: await codigoEn(secreto, t.reloj.ahora()) });
    expect(totp.statusCode).toBe(200);
  });

  it('una cuenta cuya única llave es su segundo paso entra con un código de recuperación', async () => {
    const pac = await crearPaciente(t.db);
    const { codigos } = await registrarLlave(t, sesionPaciente(t.app, pac), new Autenticador());
    const login = await loginPaciente(t, pac.email);
    expect(login.statusCode).toBe(202);
    const s = await segundoPaso(t, 'paciente', { token_mfa: login.json().token_mfa, codigo: codigos![0], tipo: 'recuperacion' });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().paciente.id_paciente).toBe(pac.id_paciente);
  });

  it('un token pendiente no sirve para administrar llaves', async () => {
    const p = await crearPsicologo(t.db);
    await registrarLlave(t, sesionPsicologo(t.app, p), new Autenticador());
    const pendiente = (await loginPsicologo(t, p.correo)).json().token_mfa;
    for (const [method, url] of [
      ['GET', '/api/mfa/llaves'],
      ['POST', '/api/mfa/llaves/opciones'],
      ['POST', '/api/mfa/llaves'],
      ['PATCH', '/api/mfa/llaves/1'],
      ['POST', '/api/mfa/llaves/1/eliminar'],
    ] as const) {
      const r = await inyectarCon(t.app, pendiente, { method, url, payload: { contrasena: CONTRASENA, nombre: 'x' } });
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('cambiar el nombre y eliminar', () => {
  it('cambia el nombre de las suyas, no de las ajenas', async () => {
    const p = await crearPsicologo(t.db);
    const q = await crearPsicologo(t.db);
    const { llave } = await registrarLlave(t, sesionPsicologo(t.app, p), new Autenticador());
    const r = await inyectarCon(t.app, sesionPsicologo(t.app, p), {
      method: 'PATCH',
      url: `/api/mfa/llaves/${llave.id}`,
      payload: { nombre: 'Tablet' },
    });
    expect(r.statusCode).toBe(200);
    expect((await llaves(sesionPsicologo(t.app, p)))[0].nombre).toBe('Tablet');
    const ajena = await inyectarCon(t.app, sesionPsicologo(t.app, q), {
      method: 'PATCH',
      url: `/api/mfa/llaves/${llave.id}`,
      payload: { nombre: 'Mía' },
    });
    expect(ajena.statusCode).toBe(404);
    const larga = await inyectarCon(t.app, sesionPsicologo(t.app, p), {
      method: 'PATCH',
      url: `/api/mfa/llaves/${llave.id}`,
      payload: { nombre: 'x'.repeat(61) },
    });
    expect(larga.statusCode).toBe(400);
    expect(larga.json().msg).toBe(MSG_LLAVES.nombreLargo);
    expect((await llaves(sesionPsicologo(t.app, p)))[0].nombre).toBe('Tablet');
  });

  it('eliminar pide la contraseña, avisa por correo, se audita; sin factores la contraseña vuelve a bastar', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const a = new Autenticador();
    const { llave } = await registrarLlave(t, tk, a);
    const mala = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: `/api/mfa/llaves/${llave.id}/eliminar`,
      payload: { contrasena: 'Otra#Clave99' },
    });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().code).toBe('CONTRASENA_INCORRECTA');
    expect(await llaves(tk)).toHaveLength(1);
    const desde = t.buzon.correos.length;
    const ok = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: `/api/mfa/llaves/${llave.id}/eliminar`,
      payload: { contrasena: CONTRASENA },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe(MSG_LLAVES.eliminada);
    const correo = await t.buzon.esperar(p.correo, { desde });
    expect(correo.asunto).toBe('Se eliminó una llave de acceso en MiDuelo');
    expect(await acciones(p.id_psicologo, 'eliminar_llave_acceso')).toHaveLength(1);
    expect(await llaves(tk)).toEqual([]);
    expect((await entrarConLlave(t, 'psicologo', a)).r.statusCode).toBe(401);
    expect((await loginPsicologo(t, p.correo)).statusCode).toBe(200);
    const otraVez = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: `/api/mfa/llaves/${llave.id}/eliminar`,
      payload: { contrasena: CONTRASENA },
    });
    expect(otraVez.statusCode).toBe(404);
  });
});
