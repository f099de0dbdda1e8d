import { MSG } from '@miduelo/shared/cuentas';
import type { PacientesCambio } from '@miduelo/shared/realtime-pacientes';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { conAvisoCaido } from '../helpers/aviso';
import { versionesVigentes, type VersionesVigentes } from '../helpers/consentimiento';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { conectar, esperarConexion, esperarEvento, sincronizar } from '../helpers/socket';

let t: AppDePrueba;
let vigentes: VersionesVigentes;
beforeAll(async () => {
  t = await crearAppDePrueba();
  await t.escuchar();
  vigentes = await versionesVigentes(t.app);
});
afterAll(() => t.cerrar());

const datos = (o: Record<string, unknown> = {}) => ({
  nombre: 'Rosa',
  apellido_paterno: 'Núñez',
  fecha_nacimiento: '1970-03-03',
  email: 'rosa@correo.mx',
  telefono: '5511223344',
  contrasena: 'Paciente#2025',
  codigo_vinculacion: 'XXXXXX',
  consentimientos: vigentes,
  ...o,
});
const registrar = (body: object) => t.app.inject({ method: 'POST', url: '/api/paciente/registro', payload: body });
const contar = async () => (await t.db.select().from(paciente)).length;

describe('cuentas de paciente (app móvil)', () => {
  it('valida cada campo y exige mayoría de edad', async () => {
    const p = await crearPsicologo(t.db);
    const casos: Array<[Record<string, unknown>, string]> = [
      [{ nombre: '' }, MSG.nombreObligatorio],
      [{ apellido_paterno: 'X' }, MSG.apellidoCorto],
      [{ fecha_nacimiento: '2015-01-01' }, 'Debes tener al menos 18 años'],
      [{ email: 'mal' }, MSG.correoInvalido],
      [{ telefono: '123' }, MSG.telefonoInvalido],
      [{ contrasena: 'corta' }, 'La contraseña debe contener:'],
      [{ codigo_vinculacion: '' }, MSG.codigoObligatorio],
      [{ nombre: 'Lucía\u0000' }, MSG.caracteresInvalidos],
      [{ nombre: 'Lucía\u202eaíсuL' }, MSG.caracteresNombre],
      [{ apellido_paterno: 'Ruiz\u2066' }, MSG.caracteresNombre],
      [{ apellido_materno: 'Gil\u0007' }, MSG.caracteresNombre],
      [{ codigo_vinculacion: `${p.codigo_vinculacion}\u0000` }, MSG.caracteresInvalidos],
    ];
    for (const [cambio, mensaje] of casos) {
      const r = await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion, ...cambio }));
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toContain(mensaje);
    }
    expect(await contar()).toBe(0);
  });

  it('un código desconocido responde 404 con un mensaje claro', async () => {
    const r = await registrar(datos({ codigo_vinculacion: 'NOEXISTE' }));
    expect(r.statusCode).toBe(404);
    expect(r.json().msg).toBe(MSG.codigoDesconocido);
    expect(await contar()).toBe(0);
  });

  it('registra con el código del psicólogo, activa por correo e inicia sesión', async () => {
    const p = await crearPsicologo(t.db);
    const desde = t.buzon.correos.length;
    const r = await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion.toLowerCase(), email: 'Rosa@Correo.mx' }));
    expect(r.statusCode).toBe(201);
    const [fila] = await t.db.select().from(paciente).where(eq(paciente.email, 'rosa@correo.mx'));
    expect(fila.id_psicologo).toBe(p.id_psicologo);

    const antes = await t.app.inject({
      method: 'POST',
      url: '/api/paciente/iniciar-sesion',
      payload: { email: 'rosa@correo.mx', contrasena: 'Paciente#2025' },
    });
    expect(antes.statusCode).toBe(403);
    expect(antes.json().requiereActivacion).toBe(true);

    const enlace = t.buzon.enlace(await t.buzon.esperar('rosa@correo.mx', { desde }));
    expect(enlace).toMatch(/^http:\/\/miduelo\.test\/api\/paciente\/activar\//);
    const act = await t.app.inject({ method: 'GET', url: new URL(enlace).pathname, headers: { accept: 'text/html' } });
    expect(act.statusCode).toBe(200);
    expect(act.body).toContain('Tu cuenta fue activada');
    const otra = await t.app.inject({ method: 'GET', url: new URL(enlace).pathname });
    expect(otra.statusCode).toBe(400);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/paciente/iniciar-sesion',
      payload: { email: 'rosa@correo.mx', contrasena: 'Paciente#2025' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().paciente).toMatchObject({
      nombre: 'Rosa',
      email: 'rosa@correo.mx',
      id_psicologo: p.id_psicologo,
      apellido_materno: null,
    });
    expect(ok.body).not.toMatch(/argon2|contrasena/);
    const salir = await inyectarCon(t.app, ok.json().token, { method: 'POST', url: '/api/paciente/cerrar-sesion' });
    expect(salir.statusCode).toBe(200);
    expect((await inyectarCon(t.app, ok.json().token, { method: 'POST', url: '/api/paciente/cerrar-sesion' })).statusCode).toBe(401);

    // An email that already has an account: the same answer as a new one; the owner gets a mail.
    const desdeDup = t.buzon.correos.length;
    const dup = await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion }));
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toEqual(r.json());
    expect((await t.buzon.esperar('rosa@correo.mx', { desde: desdeDup })).asunto).toBe('Intento de registro con tu cuenta de MiDuelo');
  });

  it('un psicólogo con cuenta limitada no vincula pacientes nuevos', async () => {
    const p = await crearPsicologo(t.db, { cedula_validada: false, createdAt: new Date(Date.now() - 30 * 86_400_000) });
    const r = await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion, email: 'otra@correo.mx' }));
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toMatch(/cédula profesional/);
    expect(await contar()).toBe(1);
  });

  it('la lista abierta del psicólogo oye al paciente que se registra con su código (decisión 266); un correo ya registrado no', async () => {
    const p = await crearPsicologo(t.db);
    const otro = await crearPsicologo(t.db);
    const sockets = [p, otro].map((x) => conectar(t.url, sesionPsicologo(t.app, x)));
    try {
      await Promise.all(sockets.map(esperarConexion));
      const oidos = sockets.map((s) => {
        const eventos: PacientesCambio[] = [];
        s.on('pacientes:cambio', (x) => eventos.push(x));
        return eventos;
      });
      const llega = esperarEvento(sockets[0], 'pacientes:cambio');
      const r = await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion, email: 'nuevo@correo.mx' }));
      expect(r.statusCode).toBe(201);
      await llega;
      const [fila] = await t.db.select().from(paciente).where(eq(paciente.email, 'nuevo@correo.mx'));
      const dup = await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion, email: 'nuevo@correo.mx' }));
      expect(dup.statusCode).toBe(201);
      await sincronizar(...sockets);
      expect(oidos).toEqual([[{ tipo: 'vinculado', id_paciente: fila.id_paciente }], []]);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('si la base falla al activar, la página del enlace no muestra la consulta ni sus datos', async () => {
    const p = await crearPsicologo(t.db);
    const desde = t.buzon.correos.length;
    expect(
      (await registrar(datos({ codigo_vinculacion: p.codigo_vinculacion, email: 'falla@correo.mx', nombre: 'Eulalia' }))).statusCode,
    ).toBe(201);
    const enlace = t.buzon.enlace(await t.buzon.esperar('falla@correo.mx', { desde }));
    await t.db.execute(
      sql`create function rechazar_activacion() returns trigger language plpgsql as $$ begin raise exception 'activacion rechazada'; end $$`,
    );
    await t.db.execute(
      sql`create trigger rechazar_activacion before update on paciente for each row execute function rechazar_activacion()`,
    );
    try {
      const r = await t.app.inject({ method: 'GET', url: new URL(enlace).pathname, headers: { accept: 'text/html' } });
      expect(r.statusCode).toBe(500);
      expect(r.json().msg).toBe('Existe un error en el servidor');
      expect(r.body).not.toMatch(/Failed query|update|token_un_uso|activacion rechazada/);
    } finally {
      await t.db.execute(sql`drop trigger rechazar_activacion on paciente`);
    }
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('registrarse: 201 con el mensaje de la spec, una sola cuenta y su correo de activación', async () => {
    const p = await crearPsicologo(t.db);
    const desde = t.buzon.correos.length;
    const r = await conAvisoCaido(t, () =>
      registrar(datos({ codigo_vinculacion: p.codigo_vinculacion, email: 'aviso.caido@correo.mx', telefono: '5599887766' })),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({ msg: MSG.registroExitoso });
    const filas = await t.db.select().from(paciente).where(eq(paciente.email, 'aviso.caido@correo.mx'));
    expect(filas.map((f) => f.id_psicologo)).toEqual([p.id_psicologo]);
    await t.buzon.esperar('aviso.caido@correo.mx', { desde });
  });
});
