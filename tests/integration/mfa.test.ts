// Two-step verification (issue 56, decisions 370–371): enrolment needs the password again, the
// login asks for the app's code or a recovery code (each once), removing and regenerating need the
// password, and every change mails the account without any secret.
import { factorTotp } from '@miduelo/server/db/schema/mfa';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { codigoEn, inscribir, loginPaciente, loginPsicologo, segundoPaso } from '../helpers/mfa';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const estado = async (token: string) => (await inyectarCon(t.app, token, { method: 'GET', url: '/api/mfa/estado' })).json();

describe('inscripción', () => {
  it('pide la contraseña en la misma solicitud: sin ella o con otra no empieza', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const sin = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/iniciar', payload: {} });
    expect(sin.statusCode).toBe(400);
    expect(sin.json().msg).toBe(MSG_MFA.confirmaContrasena);
    const mala = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/iniciar', payload: { contrasena: 'Otra#Clave99' } });
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toEqual({ msg: MSG_MFA.contrasenaIncorrecta, code: 'CONTRASENA_INCORRECTA' });
    expect(await t.db.select().from(factorTotp).where(eq(factorTotp.cuentaId, p.id_psicologo))).toEqual([]);
  });

  it('da el secreto, su URI y el QR; guarda el secreto cifrado; confirma con el primer código y da 10 códigos', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const i = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/iniciar', payload: { contrasena: CONTRASENA } });
    expect(i.statusCode).toBe(200);
    const { secreto, uri, qr } = i.json();
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/MiDuelo:${encodeURIComponent(p.correo)}?secret=${secreto}&issuer=MiDuelo`);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const [fila] = await t.db.select().from(factorTotp).where(eq(factorTotp.cuentaId, p.id_psicologo));
    expect(fila.secreto).not.toContain(secreto);
    expect(fila.confirmadoEn).toBeNull();
    // Not in force until confirmed: the login still answers a session.
    expect((await loginPsicologo(t, p.correo)).statusCode).toBe(200);

    const mal = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/confirmar', payload: { codigo: '000000' } });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().msg).toBe(MSG_MFA.codigoInvalido);
    const desde = t.buzon.correos.length;
    const ok = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/totp/confirmar',
      payload: { codigo: await codigoEn(secreto, t.reloj.ahora()) },
    });
    expect(ok.statusCode).toBe(200);
    const { codigos } = ok.json();
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const c of codigos) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const correo = await t.buzon.esperar(p.correo, { desde });
    expect(correo.asunto).toBe('Activaste la verificación en dos pasos en MiDuelo');
    expect(correo.crudo).not.toContain(secreto);
    for (const c of codigos) expect(correo.crudo).not.toContain(c);
    expect(await estado(tk)).toMatchObject({ totp_activo: true, codigos_restantes: 10 });
    // A second enrolment cannot overwrite the factor in force.
    const otra = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/iniciar', payload: { contrasena: CONTRASENA } });
    expect(otra.statusCode).toBe(409);
  });

  it('una inscripción de hace más de 10 minutos se empieza de nuevo', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const i = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/iniciar', payload: { contrasena: CONTRASENA } });
    t.reloj.avanzar(11 * 60_000);
    const r = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/totp/confirmar',
      payload: { codigo: await codigoEn(i.json().secreto, t.reloj.ahora()) },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe(MSG_MFA.sinInscripcion);
  });
});

describe('inicio de sesión en dos pasos', () => {
  it('la contraseña sola no da sesión; el código de la app sí, y el mismo código no sirve dos veces', async () => {
    const p = await crearPsicologo(t.db);
    const { secreto } = await inscribir(t, sesionPsicologo(t.app, p));
    const r = await loginPsicologo(t, p.correo);
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ mfa_requerida: true, token_mfa: expect.any(String), metodos: ['totp', 'recuperacion'] });
    expect(r.json()).not.toHaveProperty('token');
    const codigo = await codigoEn(secreto, t.reloj.ahora());
    const s = await segundoPaso(t, 'psicologo', { token_mfa: r.json().token_mfa, codigo });
    expect(s.statusCode).toBe(200);
    expect(s.json().usuario.id_psicologo).toBe(p.id_psicologo);
    const perfil = await inyectarCon(t.app, s.json().token, { method: 'GET', url: '/api/psicologo/perfil' });
    expect(perfil.statusCode).toBe(200);

    // Someone who saw the code (and knows the password) cannot use it again in its window.
    const otra = await loginPsicologo(t, p.correo);
    const repetido = await segundoPaso(t, 'psicologo', { token_mfa: otra.json().token_mfa, codigo });
    expect(repetido.statusCode).toBe(401);
    expect(repetido.json().msg).toBe(MSG_MFA.codigoInvalido);
    t.reloj.avanzar(30_000);
    const siguiente = await segundoPaso(t, 'psicologo', {
      token_mfa: otra.json().token_mfa,
      codigo: await codigoEn(secreto, t.reloj.ahora()),
    });
    expect(siguiente.statusCode).toBe(200);
  });

  it('un código de recuperación entra una vez, avisa por correo y ya no sirve', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const { codigos } = await inscribir(t, tk);
    const desde = t.buzon.correos.length;
    const a = await loginPsicologo(t, p.correo);
    // Typed in lower case and without the dash, as a person may.
    const uso = await segundoPaso(t, 'psicologo', {
      token_mfa: a.json().token_mfa,
      codigo: codigos[3].replace('-', '').toLowerCase(),
      tipo: 'recuperacion',
    });
    expect(uso.statusCode).toBe(200);
    expect(typeof uso.json().token).toBe('string');
    const correo = await t.buzon.esperar(p.correo, { desde });
    expect(correo.asunto).toBe('Se usó un código de recuperación en MiDuelo');
    expect(correo.texto).toContain('Te quedan 9 códigos de recuperación.');
    expect(correo.crudo).not.toContain(codigos[3]);
    const b = await loginPsicologo(t, p.correo);
    const otraVez = await segundoPaso(t, 'psicologo', { token_mfa: b.json().token_mfa, codigo: codigos[3], tipo: 'recuperacion' });
    expect(otraVez.statusCode).toBe(401);
    expect(otraVez.json().msg).toBe(MSG_MFA.recuperacionInvalida);
    expect(await estado(tk)).toMatchObject({ codigos_restantes: 9 });
  });

  it('la paciente inscrita también da el segundo paso en la app', async () => {
    const pac = await crearPaciente(t.db);
    const { secreto } = await inscribir(t, sesionPaciente(t.app, pac));
    const r = await loginPaciente(t, pac.email);
    expect(r.statusCode).toBe(202);
    expect(r.json()).not.toHaveProperty('token');
    // A patient's pending token does not open a psychologist's second step.
    const codigo = await codigoEn(secreto, t.reloj.ahora());
    expect((await segundoPaso(t, 'psicologo', { token_mfa: r.json().token_mfa, codigo })).statusCode).toBe(401);
    const s = await segundoPaso(t, 'paciente', { token_mfa: r.json().token_mfa, codigo });
    expect(s.statusCode).toBe(200);
    expect(s.json().paciente.id_paciente).toBe(pac.id_paciente);
    expect(Array.isArray(s.json().consentimientos_pendientes)).toBe(true);
  });
});

describe('desactivar y regenerar', () => {
  it('desactivar pide la contraseña, avisa por correo y el inicio de sesión vuelve a un paso', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    await inscribir(t, tk);
    const sin = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/eliminar', payload: { contrasena: 'Otra#Clave99' } });
    expect(sin.statusCode).toBe(400);
    expect((await loginPsicologo(t, p.correo)).statusCode).toBe(202);
    const desde = t.buzon.correos.length;
    const ok = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/totp/eliminar', payload: { contrasena: CONTRASENA } });
    expect(ok.json()).toEqual({ msg: MSG_MFA.desactivada });
    expect((await t.buzon.esperar(p.correo, { desde })).asunto).toBe('Se desactivó la verificación en dos pasos en MiDuelo');
    expect((await loginPsicologo(t, p.correo)).statusCode).toBe(200);
    expect(await estado(tk)).toEqual({ obligatoria: false, totp_activo: false, activado_en: null, llaves: 0, codigos_restantes: 0 });
  });

  it('regenerar pide la contraseña, invalida los códigos anteriores y avisa por correo', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const { codigos: viejos } = await inscribir(t, tk);
    const mala = await inyectarCon(t.app, tk, {
      method: 'POST',
      url: '/api/mfa/codigos/regenerar',
      payload: { contrasena: 'Otra#Clave99' },
    });
    expect(mala.statusCode).toBe(400);
    const desde = t.buzon.correos.length;
    const r = await inyectarCon(t.app, tk, { method: 'POST', url: '/api/mfa/codigos/regenerar', payload: { contrasena: CONTRASENA } });
    expect(r.statusCode).toBe(200);
    const nuevos: string[] = r.json().codigos;
    expect(nuevos).toHaveLength(10);
    expect((await t.buzon.esperar(p.correo, { desde })).asunto).toBe('Generaste códigos de recuperación nuevos en MiDuelo');
    const a = await loginPsicologo(t, p.correo);
    expect((await segundoPaso(t, 'psicologo', { token_mfa: a.json().token_mfa, codigo: viejos[0], tipo: 'recuperacion' })).statusCode).toBe(
      401,
    );
    expect((await segundoPaso(t, 'psicologo', { token_mfa: a.json().token_mfa, codigo: nuevos[0], tipo: 'recuperacion' })).statusCode).toBe(
      200,
    );
  });
});
