// Issue 15, profile: the psychologist's and the administrator's profile, password and email (spec 2
// §4, §5, §7, §8), and the patient's recovery, profile and password under /api/paciente (consent,
// decision 146, is in consentimiento.test.ts). A changed password or email ends every other session
// (HTTP and sockets) and tells the old address; every change leaves its audit row.
import { and, eq } from 'drizzle-orm';
import { MSG } from '@miduelo/shared/cuentas';
import { MSG_PERFIL } from '@miduelo/shared/cuentas-perfil';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { conectar, esperarConexion, esperarEvento } from '../helpers/socket';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
  await t.escuchar();
});
afterAll(() => t?.cerrar());

const llamar = (token: string | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  token
    ? inyectarCon(t.app, token, { method, url, ...(payload ? { payload } : {}) })
    : t.app.inject({ method, url, ...(payload ? { payload } : {}) });
const auditadas = (accion: string, recurso: string, id: number) =>
  t.db
    .select()
    .from(auditoria)
    .where(and(eq(auditoria.accion, accion), eq(auditoria.recurso, recurso), eq(auditoria.id_recurso, String(id))));
const leer = async (id: number) => (await t.db.select().from(psicologo).where(eq(psicologo.id_psicologo, id)))[0];

describe('perfil del psicólogo', () => {
  it('GET perfil: sus datos de contacto y el estado de su cédula, sin contraseña', async () => {
    const p = await crearPsicologo(t.db, { direccionConsultorio: 'Av. Reforma 1' });
    const r = await llamar(sesionPsicologo(t.app, p), 'GET', '/api/psicologo/perfil');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id_psicologo: p.id_psicologo,
      correo: p.correo,
      telefono: p.telefono,
      direccionConsultorio: 'Av. Reforma 1',
      rol_admin: false,
      cedula_validada: true,
      cuenta_limitada: false,
    });
    expect(r.body).not.toMatch(/contrasena|argon2/i);
  });

  it('reglas del formulario con los mensajes de la especificación; nada cambia', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const casos: Array<[object, string, string]> = [
      [{ correo: p.correo }, 'telefono', MSG.telefonoObligatorio],
      [{ telefono: '55123', correo: p.correo }, 'telefono', MSG.telefonoInvalido],
      [{ telefono: '55123456789', correo: p.correo }, 'telefono', MSG.telefonoInvalido],
      [{ telefono: '5512345678' }, 'correo', MSG.correoObligatorio],
      [{ telefono: '5512345678', correo: 'no-es-correo' }, 'correo', MSG.correoInvalido],
      [
        { telefono: '5512345678', correo: p.correo, direccionConsultorio: 'x'.repeat(301) },
        'direccionConsultorio',
        MSG_PERFIL.direccionLarga,
      ],
    ];
    for (const [cuerpo, campo, msg] of casos) {
      const r = await llamar(tk, 'PUT', '/api/psicologo/actualizar-perfil', cuerpo);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(r.json().errores?.[campo] ?? r.json().msg).toBe(msg);
    }
    expect(await leer(p.id_psicologo)).toMatchObject({ telefono: p.telefono, correo: p.correo });
  });

  it('teléfono y dirección: guardados, con su fila de auditoría; la sesión sigue', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const r = await llamar(tk, 'PUT', '/api/psicologo/actualizar-perfil', {
      telefono: '5598765432',
      correo: p.correo.toUpperCase(),
      direccionConsultorio: '  Calle Álamo 12, Coyoacán  ',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      msg: MSG_PERFIL.perfilActualizado,
      correo_cambiado: false,
      perfil: { telefono: '5598765432', direccionConsultorio: 'Calle Álamo 12, Coyoacán' },
    });
    const [fila] = await auditadas('actualizar_perfil', 'psicologo', p.id_psicologo);
    expect(fila?.detalle).toEqual({ campos: ['telefono', 'direccionConsultorio'] });
    expect((await llamar(tk, 'GET', '/api/psicologo/perfil')).statusCode).toBe(200);
  });

  it('un correo nuevo: cierra las demás sesiones (HTTP y socket) y avisa a la dirección anterior', async () => {
    const p = await crearPsicologo(t.db);
    const esta = sesionPsicologo(t.app, p);
    const otra = sesionPsicologo(t.app, p);
    const s = conectar(t.url, otra);
    await esperarConexion(s);
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada');
    const desde = t.buzon.correos.length;
    const r = await llamar(esta, 'PUT', '/api/psicologo/actualizar-perfil', { telefono: p.telefono, correo: 'nuevo.correo@prueba.mx' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ msg: MSG_PERFIL.correoCambiado, correo_cambiado: true });
    await revocada;
    s.close();
    expect((await llamar(otra, 'GET', '/api/psicologo/perfil')).statusCode).toBe(401);
    expect((await leer(p.id_psicologo))?.correo).toBe('nuevo.correo@prueba.mx');
    const aviso = await t.buzon.esperar(p.correo, { desde });
    expect(aviso.asunto).toBe('Se cambió el correo de tu cuenta de MiDuelo');
    expect(aviso.texto).toContain('nuevo.correo@prueba.mx');
    expect(await auditadas('cambiar_correo', 'psicologo', p.id_psicologo)).toHaveLength(1);
    const login = await llamar(undefined, 'POST', '/api/psicologo/iniciar-sesion', {
      correo: 'nuevo.correo@prueba.mx',
      contrasena: CONTRASENA,
    });
    expect(login.statusCode).toBe(200);
  });

  it('el correo de otra cuenta → 409 y nada cambia', async () => {
    const p = await crearPsicologo(t.db);
    const otro = await crearPsicologo(t.db);
    const r = await llamar(sesionPsicologo(t.app, p), 'PUT', '/api/psicologo/actualizar-perfil', {
      telefono: '5511111111',
      correo: otro.correo,
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe(MSG_PERFIL.correoOcupado);
    expect(await leer(p.id_psicologo)).toMatchObject({ telefono: p.telefono, correo: p.correo });
  });
});

describe('cambio de contraseña', () => {
  it('reglas y mensajes: actual obligatoria e incorrecta, nueva con requisitos y distinta', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const casos: Array<[object, string]> = [
      [{ nuevaContrasena: 'Otra#Clave22' }, MSG_PERFIL.contrasenaActualObligatoria],
      [
        { contrasenaActual: CONTRASENA, nuevaContrasena: 'corta' },
        'La contraseña debe contener: Al menos 8 caracteres, Una letra mayúscula, Un número, Un carácter especial',
      ],
      [{ contrasenaActual: 'No#EsLaMia1', nuevaContrasena: 'Otra#Clave22' }, MSG_PERFIL.contrasenaActualIncorrecta],
      [{ contrasenaActual: CONTRASENA, nuevaContrasena: CONTRASENA }, MSG_PERFIL.contrasenaIgual],
    ];
    for (const [cuerpo, msg] of casos) {
      const r = await llamar(tk, 'PUT', '/api/psicologo/cambiar-contrasena', cuerpo);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      const b = r.json();
      expect(b.errores ? Object.values(b.errores) : [b.msg]).toContain(msg);
    }
    expect((await leer(p.id_psicologo))?.contrasenaHash).toBe(p.contrasenaHash);
    expect((await llamar(tk, 'GET', '/api/psicologo/perfil')).statusCode).toBe(200);
  });

  it('cambiada: la otra pestaña pierde su sesión (HTTP y socket), esta sigue con el token nuevo y la dirección recibe aviso', async () => {
    const p = await crearPsicologo(t.db);
    const esta = sesionPsicologo(t.app, p);
    const otra = sesionPsicologo(t.app, p);
    const s = conectar(t.url, otra);
    await esperarConexion(s);
    const revocada = esperarEvento<{ motivo: string }>(s, 'sesion:revocada');
    const desde = t.buzon.correos.length;
    const r = await llamar(esta, 'PUT', '/api/psicologo/cambiar-contrasena', {
      contrasenaActual: CONTRASENA,
      nuevaContrasena: 'Nueva#Clave33',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe(MSG_PERFIL.contrasenaActualizada);
    expect(await revocada).toEqual({ motivo: 'contrasena' });
    s.close();
    expect((await llamar(otra, 'GET', '/api/psicologo/perfil')).statusCode).toBe(401);
    expect((await llamar(r.json().token, 'GET', '/api/psicologo/perfil')).statusCode).toBe(200);
    const aviso = await t.buzon.esperar(p.correo, { desde });
    expect(aviso.asunto).toBe('Se cambió la contraseña de tu cuenta de MiDuelo');
    expect(await auditadas('cambiar_contrasena', 'psicologo', p.id_psicologo)).toHaveLength(1);
    const viejo = await llamar(undefined, 'POST', '/api/psicologo/iniciar-sesion', { correo: p.correo, contrasena: CONTRASENA });
    expect(viejo.statusCode).toBe(401);
    const nuevo = await llamar(undefined, 'POST', '/api/psicologo/iniciar-sesion', { correo: p.correo, contrasena: 'Nueva#Clave33' });
    expect(nuevo.statusCode).toBe(200);
  });
  it('contraseñas actuales equivocadas cuentan como intentos fallidos: tras 10, 429 aun con la correcta', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    for (let i = 0; i < 10; i++) {
      const r = await llamar(tk, 'PUT', '/api/psicologo/cambiar-contrasena', {
        contrasenaActual: `No#EsLaMia${i}`,
        nuevaContrasena: 'Nueva#Clave33',
      });
      expect(r.statusCode).toBe(400);
    }
    const bloqueada = await llamar(tk, 'PUT', '/api/psicologo/cambiar-contrasena', {
      contrasenaActual: CONTRASENA,
      nuevaContrasena: 'Nueva#Clave33',
    });
    expect(bloqueada.statusCode).toBe(429);
    expect(bloqueada.json().msg).toMatch(/^Demasiados intentos/);
    expect((await leer(p.id_psicologo))?.contrasenaHash).toBe(p.contrasenaHash);
  });
});

describe('la cuenta del administrador', () => {
  it('perfil, contraseña (contrasena_actual, nueva_contrasena) y correo por enlace de un solo uso', async () => {
    const a = await crearPsicologo(t.db, { rol_admin: true });
    let tk = sesionPsicologo(t.app, a);
    const perfil = await llamar(tk, 'PUT', '/api/admin/perfil', { telefono: '5522334455', direccionConsultorio: null });
    expect(perfil.statusCode, perfil.body).toBe(200);
    expect(perfil.json().perfil.telefono).toBe('5522334455');

    const mala = await llamar(tk, 'PUT', '/api/admin/cambiar-contrasena', {
      contrasena_actual: 'No#EsLaMia1',
      nueva_contrasena: 'Admin#Nueva44',
    });
    expect(mala.json().msg).toBe(MSG_PERFIL.contrasenaActualIncorrecta);
    const ok = await llamar(tk, 'PUT', '/api/admin/cambiar-contrasena', {
      contrasena_actual: CONTRASENA,
      nueva_contrasena: 'Admin#Nueva44',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    tk = ok.json().token;

    const igual = await llamar(tk, 'POST', '/api/admin/solicitar-cambio-correo', { nuevo_correo: a.correo });
    expect(igual.json().msg).toBe(MSG_PERFIL.correoIgual);
    const desde = t.buzon.correos.length;
    const sol = await llamar(tk, 'POST', '/api/admin/solicitar-cambio-correo', { nuevo_correo: 'admin.nuevo@prueba.mx' });
    expect(sol.statusCode, sol.body).toBe(200);
    expect(sol.json().msg).toBe(MSG_PERFIL.cambioCorreoSolicitado);
    expect((await leer(a.id_psicologo))?.correo).toBe(a.correo);
    const enlace = t.buzon.enlace(await t.buzon.esperar('admin.nuevo@prueba.mx', { desde }));
    const token = new URL(enlace).searchParams.get('cambio_correo') ?? '';
    expect(new URL(enlace).pathname).toBe('/configuracion-perfil');

    // Another administrator cannot use the link.
    const otroAdmin = await crearPsicologo(t.db, { rol_admin: true });
    const ajeno = await llamar(sesionPsicologo(t.app, otroAdmin), 'POST', '/api/admin/confirmar-cambio-correo', { token });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().msg).toBe(MSG_PERFIL.tokenCambioCorreoInvalido);

    const otra = sesionPsicologo(t.app, { ...a, versionSesion: 1 });
    const d3 = t.buzon.correos.length;
    // The other administrator's try left the link unused: its owner confirms with it.
    const conf2 = await llamar(tk, 'POST', '/api/admin/confirmar-cambio-correo', { token });
    expect(conf2.statusCode, conf2.body).toBe(200);
    expect(conf2.json().msg).toBe(MSG_PERFIL.correoCambiado);
    expect((await leer(a.id_psicologo))?.correo).toBe('admin.nuevo@prueba.mx');
    expect((await t.buzon.esperar(a.correo, { desde: d3 })).asunto).toBe('Se cambió el correo de tu cuenta de MiDuelo');
    expect((await llamar(otra, 'GET', '/api/admin/verificar')).statusCode).toBe(401);
    const reuso = await llamar(tk, 'POST', '/api/admin/confirmar-cambio-correo', { token });
    expect(reuso.statusCode).toBe(401);
    for (const accion of ['actualizar_perfil', 'cambiar_contrasena', 'solicitar_cambio_correo', 'cambiar_correo'])
      expect((await auditadas(accion, 'psicologo', a.id_psicologo)).length, accion).toBeGreaterThan(0);
  });
});

describe('pacientes: recuperación, perfil y contraseña', () => {
  it('recuperar: la misma respuesta para una cuenta desconocida; el enlace restablece una vez', async () => {
    const pac = await crearPaciente(t.db);
    const tkViejo = sesionPaciente(t.app, pac);
    const desconocida = await llamar(undefined, 'POST', '/api/paciente/recuperar-contrasena', { email: 'nadie@prueba.mx' });
    const desde = t.buzon.correos.length;
    const conocida = await llamar(undefined, 'POST', '/api/paciente/recuperar-contrasena', { email: pac.email });
    expect(conocida.statusCode).toBe(200);
    expect(conocida.json()).toEqual(desconocida.json());
    const enlace = t.buzon.enlace(await t.buzon.esperar(pac.email, { desde }));
    expect(enlace).toContain('?cuenta=paciente');
    const token = new URL(enlace).pathname.split('/').at(-1) ?? '';
    expect((await llamar(undefined, 'GET', `/api/paciente/verificar-token/${token}`)).json()).toEqual({ valido: true });
    const debil = await llamar(undefined, 'POST', `/api/paciente/restablecer-contrasena/${token}`, { nuevaContrasena: 'debil' });
    expect(debil.statusCode).toBe(400);
    const r = await llamar(undefined, 'POST', `/api/paciente/restablecer-contrasena/${token}`, { nuevaContrasena: 'Paciente#Nueva5' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().msg).toBe(MSG.restablecerExitoso);
    const otra = await llamar(undefined, 'POST', `/api/paciente/restablecer-contrasena/${token}`, { nuevaContrasena: 'Paciente#Nueva6' });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().msg).toBe(MSG.tokenRestablecerInvalido);
    expect((await llamar(tkViejo, 'GET', '/api/paciente/perfil')).statusCode).toBe(401);
    const login = await llamar(undefined, 'POST', '/api/paciente/iniciar-sesion', { email: pac.email, contrasena: 'Paciente#Nueva5' });
    expect(login.statusCode).toBe(200);
    // A psychologist's token is not a patient's.
    expect((await llamar(undefined, 'GET', `/api/psicologo/verificar-token/${token}`)).json()).toEqual({ valido: false });
  });

  it('perfil (telefono, email) y contraseña propia, con aviso a la dirección anterior', async () => {
    const pac = await crearPaciente(t.db);
    const tk = sesionPaciente(t.app, pac);
    const g = await llamar(tk, 'GET', '/api/paciente/perfil');
    expect(g.json()).toMatchObject({ id_paciente: pac.id_paciente, email: pac.email, telefono: pac.telefono });
    expect(g.body).not.toMatch(/contrasena|argon2/i);
    const malo = await llamar(tk, 'PUT', '/api/paciente/perfil', { telefono: '12', email: pac.email });
    expect(malo.statusCode).toBe(400);
    const tel = await llamar(tk, 'PUT', '/api/paciente/perfil', { telefono: '5544332211', email: pac.email });
    expect(tel.json()).toMatchObject({ msg: MSG_PERFIL.perfilActualizado, correo_cambiado: false, perfil: { telefono: '5544332211' } });
    const antesPw = t.buzon.correos.length;
    const pw = await llamar(tk, 'PUT', '/api/paciente/cambiar-contrasena', {
      contrasenaActual: CONTRASENA,
      nuevaContrasena: 'Paciente#Otra7',
    });
    expect(pw.statusCode, pw.body).toBe(200);
    // The password notice is sent after the answer: wait for it so the next mail is the email's.
    expect((await t.buzon.esperar(pac.email, { desde: antesPw })).asunto).toMatch(/contraseña/);
    expect((await llamar(tk, 'GET', '/api/paciente/perfil')).statusCode).toBe(401);
    const tk2 = pw.json().token;
    const desde = t.buzon.correos.length;
    const mail = await llamar(tk2, 'PUT', '/api/paciente/perfil', { telefono: '5544332211', email: 'paciente.nuevo@prueba.mx' });
    expect(mail.json()).toMatchObject({ msg: MSG_PERFIL.correoCambiado, correo_cambiado: true });
    expect((await t.buzon.esperar(pac.email, { desde })).asunto).toBe('Se cambió el correo de tu cuenta de MiDuelo');
    const [fila] = await t.db.select().from(paciente).where(eq(paciente.id_paciente, pac.id_paciente));
    expect(fila).toMatchObject({ email: 'paciente.nuevo@prueba.mx', telefono: '5544332211' });
    expect(await auditadas('cambiar_contrasena', 'paciente', pac.id_paciente)).toHaveLength(1);
  });
});
