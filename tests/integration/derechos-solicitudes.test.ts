// ARCO cancellation and opposition requests (issue 56, decisions 378 and 379): the patient asks with
// a reason; every administrator sees it live with its legal deadline; an opposition is answered; a
// cancellation closes the account, removes or anonymizes her personal data in one transaction, keeps
// the clinical record readable to her psychologist, and tells her by mail what was kept and why.
import { execFileSync } from 'node:child_process';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { solicitudArco } from '@miduelo/server/db/schema/derechos';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { venceSolicitudArco } from '@miduelo/server/modules/derechos/plazo';
import { sembrarSolicitudesDemo } from '@miduelo/server/modules/derechos/solicitudes-seed';
import { MSG_ARCO, TEXTO_LO_QUE_SE_CONSERVA } from '@miduelo/shared/derechos-solicitudes';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivosGuardados, asignarA, llamar, PNG, subir, usarAppDeActividades } from '../helpers/actividades';
import { consultar } from '../helpers/base-datos';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { conectar, esperarConexion, esperarEvento } from '../helpers/socket';

const c = usarAppDeActividades({ pacientes: 2, escuchar: true });
const P = '/api/paciente/derechos/solicitudes';
const A = '/api/admin/derechos/solicitudes';
const MOTIVO = 'Ya terminé mi proceso y no quiero que guarden mis datos personales.';

const solicitudesGuardadas = async (idPaciente: number) =>
  c.t.db.select().from(solicitudArco).where(eq(solicitudArco.id_paciente, idPaciente));

async function admin() {
  const a = await crearPsicologo(c.t.db, { rol_admin: true, nombre: 'Adelaida' });
  const token = sesionPsicologo(c.t.app, a);
  return { a, token, api: llamar(c.t, token) };
}

describe('la solicitud de la paciente', () => {
  it('un tipo o un motivo inválidos responden en español y no guardan nada; un psicólogo no puede', async () => {
    const yo = llamar(c.t, c.p.tokensPacientes[0]);
    const casos: [object, string][] = [
      [{ motivo: MOTIVO }, MSG_ARCO.tipoObligatorio],
      [{ tipo: 'borrar', motivo: MOTIVO }, MSG_ARCO.tipoObligatorio],
      [{ tipo: 'cancelacion' }, MSG_ARCO.motivoObligatorio],
      [{ tipo: 'cancelacion', motivo: '  corto ' }, MSG_ARCO.motivoCorto],
      [{ tipo: 'oposicion', motivo: 'x'.repeat(1001) }, MSG_ARCO.motivoLargo],
    ];
    for (const [cuerpo, msg] of casos) {
      const r = await yo.post(P, cuerpo);
      expect([r.statusCode, r.json().msg]).toEqual([400, msg]);
    }
    const psi = llamar(c.t, c.p.token);
    expect((await psi.post(P, { tipo: 'cancelacion', motivo: MOTIVO })).statusCode).toBe(403);
    expect((await psi.get(A)).statusCode).toBe(403);
    expect((await yo.get(A)).statusCode).toBe(403);
    expect(await solicitudesGuardadas(c.p.pacientes[0].id_paciente)).toEqual([]);
  });

  it('llega en vivo a la cola con su plazo legal; una segunda del mismo tipo responde 409', async () => {
    const { token, api } = await admin();
    const s = conectar(c.t.url, token);
    await esperarConexion(s);
    try {
      const llega = esperarEvento<{ id_solicitud: number }>(s, 'derechos:solicitud');
      const yo = llamar(c.t, c.p.tokensPacientes[0]);
      const r = await yo.post(P, { tipo: 'oposicion', motivo: MOTIVO });
      expect(r.statusCode, r.body).toBe(201);
      const creada = r.json();
      expect((await llega).id_solicitud).toBe(creada.id_solicitud);
      const vence = venceSolicitudArco(c.t.reloj.ahora(), 'America/Mexico_City');
      expect(creada).toMatchObject({ tipo: 'oposicion', motivo: MOTIVO, estado: 'pendiente', vence_el: vence });
      const cola = (await api.get(A)).json();
      expect(cola).toContainEqual(
        expect.objectContaining({
          id_solicitud: creada.id_solicitud,
          motivo: MOTIVO,
          vence_el: vence,
          dias_habiles_restantes: 20,
          paciente: expect.objectContaining({ email: c.p.pacientes[0].email }),
        }),
      );
      const otra = await yo.post(P, { tipo: 'oposicion', motivo: 'Otra vez lo mismo, por favor.' });
      expect([otra.statusCode, otra.json().msg]).toEqual([409, MSG_ARCO.yaPendiente]);
      // The reason is encrypted at rest.
      const [fila] = await solicitudesGuardadas(c.p.pacientes[0].id_paciente);
      expect(fila.motivo).not.toContain('proceso');
      // The deadline runs with the clock: five business days later, 15 remain.
      c.t.reloj.avanzar(7 * 86_400_000);
      const despues = (await llamar(c.t, (await admin()).token).get(A))
        .json()
        .find((x: { id_solicitud: number }) => x.id_solicitud === creada.id_solicitud);
      expect(despues.dias_habiles_restantes).toBe(15);
    } finally {
      s.close();
    }
  });
});

describe('oposición', () => {
  it('el administrador registra el resultado con una respuesta; la paciente la lee y la recibe por correo', async () => {
    const { api } = await admin();
    const yo = llamar(c.t, c.p.tokensPacientes[1]);
    const id = (await yo.post(P, { tipo: 'oposicion', motivo: 'No quiero recibir avisos por correo.' })).json().id_solicitud;
    const sin = await api.post(`${A}/${id}/resolver`, { resultado: 'procedente' });
    expect([sin.statusCode, sin.json().msg]).toEqual([400, MSG_ARCO.respuestaObligatoria]);
    const corta = await api.post(`${A}/${id}/resolver`, { resultado: 'procedente', respuesta: 'ok' });
    expect([corta.statusCode, corta.json().msg]).toEqual([400, MSG_ARCO.respuestaCorta]);
    const respuesta = 'Dejamos de enviarte correos que no sean de tus citas.';
    const r = await api.post(`${A}/${id}/resolver`, { resultado: 'procedente', respuesta });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ estado: 'resuelta', resultado: 'procedente', respuesta });
    expect((await api.post(`${A}/${id}/resolver`, { resultado: 'improcedente', respuesta })).statusCode).toBe(409);
    expect((await yo.get(P)).json()).toContainEqual(expect.objectContaining({ id_solicitud: id, resultado: 'procedente', respuesta }));
    const correo = await c.t.buzon.esperar(c.p.pacientes[1].email);
    expect(correo.texto).toContain(respuesta);
    const audit = await c.t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.id_recurso, String(id)));
    expect(audit.map((x) => x.accion).sort()).toEqual(['resolver_solicitud_arco', 'solicitar_oposicion']);
  });
});

/** The patient with unmistakable data, her diary, chat, evidence file, forum post, and a clinical note. */
async function sembrarPaciente(
  datos = { nombre: 'Eulalia', apellido_paterno: 'Quintanar', apellido_materno: 'Bocanegra', telefono: '5598761234' },
) {
  const ella = c.p.pacientes[0];
  const email = `${datos.nombre.toLowerCase()}.${datos.apellido_paterno.toLowerCase()}${ella.id_paciente}@prueba.mx`;
  await c.t.db
    .update(paciente)
    .set({ ...datos, email })
    .where(eq(paciente.id_paciente, ella.id_paciente));
  const tk = c.p.tokensPacientes[0];
  const yo = llamar(c.t, tk);
  const DIARIO = 'Extraño muchísimo a mi hermano Rigoberto';
  expect((await yo.post('/api/paciente/diario', { emocion: 'Tristeza', intensidad: 7, nota: DIARIO })).statusCode).toBe(201);
  const psi = llamar(c.t, c.p.token);
  const idChat = (await psi.post('/api/psicologo/chats', { id_paciente: ella.id_paciente })).json().id_chat;
  expect((await yo.post('/api/paciente/mensajes', { id_chat: idChat, contenido: 'Gracias por la sesión de ayer' })).statusCode).toBe(201);
  const [a] = await asignarA(c.t, c.p);
  const ev = await subir(c.t, tk, `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
    { campo: 'archivo', archivo: PNG, nombre: 'carta.png', tipo: 'image/png' },
  ]);
  expect(ev.statusCode, ev.body).toBe(201);
  const NOTA = 'Sesión 4: elabora la pérdida con menos culpa.';
  expect((await psi.post('/api/psicologo/notas', { id_paciente: ella.id_paciente, titulo: 'Evolución', contenido: NOTA })).statusCode).toBe(
    201,
  );
  const { a: ad, token: tkAdmin } = await admin();
  const foroAdmin = llamar(c.t, tkAdmin);
  const idForo = (await foroAdmin.post('/api/foros', { titulo: 'Acompañarnos', descripcion: 'Un foro', publico: true })).json().data
    .id_foro;
  const ajena = await crearPaciente(c.t.db, { nombre: 'Filomena' });
  const tkAjena = sesionPaciente(c.t.app, ajena);
  await yo.post(`/api/foros/${idForo}/unirse`);
  await llamar(c.t, tkAjena).post(`/api/foros/${idForo}/unirse`);
  const idTema = (await yo.post(`/api/foros/${idForo}/temas`, { titulo: 'Primera Navidad sin él' })).json().data.id_tema;
  expect((await yo.post(`/api/foros/temas/${idTema}/mensajes`, { contenido: 'Me cuesta poner el árbol' })).statusCode).toBe(201);
  return { ella, email, datos, DIARIO, NOTA, idTema, tkAjena, ad, tkAdmin };
}

/** Every row of every table as text: pg_dump on PostgreSQL, a SQL walk of the catalogue on PGlite. */
async function volcado(): Promise<string> {
  if (c.t.base.url) return execFileSync('pg_dump', ['--data-only', c.t.base.url], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const tablas = await consultar(c.t.db, sql`select table_name from information_schema.tables where table_schema = current_schema()`);
  let texto = '';
  for (const { table_name } of tablas)
    for (const f of await consultar(c.t.db, sql`select t::text as fila from ${sql.identifier(String(table_name))} t`))
      texto += `${f.fila}\n`;
  return texto;
}

describe('cancelación de punta a punta', () => {
  it('falla a la mitad: no queda nada escrito', async () => {
    // Another name: this patient stays in the file's database, beside the one cancelled below.
    const { ella, datos, tkAdmin } = await sembrarPaciente({
      nombre: 'Herminia',
      apellido_paterno: 'Salcedo',
      apellido_materno: 'Ibarra',
      telefono: '5511223344',
    });
    const id = (await llamar(c.t, c.p.tokensPacientes[0]).post(P, { tipo: 'cancelacion', motivo: MOTIVO })).json().id_solicitud;
    await c.t.db.execute(
      sql`create or replace function fallar_arco() returns trigger language plpgsql as $$ begin raise exception 'corte'; end $$`,
    );
    await c.t.db.execute(sql`create trigger fallar_arco before update on solicitud_arco for each row execute function fallar_arco()`);
    try {
      const r = await llamar(c.t, tkAdmin).post(`${A}/${id}/resolver`, { resultado: 'procedente' });
      expect(r.statusCode).toBe(500);
    } finally {
      await c.t.db.execute(sql`drop trigger fallar_arco on solicitud_arco`);
    }
    const [p] = await c.t.db.select().from(paciente).where(eq(paciente.id_paciente, ella.id_paciente));
    expect(p).toMatchObject({ ...datos, status: 'activo' });
    expect((await llamar(c.t, c.p.tokensPacientes[0]).get('/api/paciente/diario')).statusCode).toBe(200);
    expect(archivosGuardados(c.dataDir).length).toBeGreaterThan(0);
    expect((await solicitudesGuardadas(ella.id_paciente))[0].estado).toBe('pendiente');
  });

  it('cierra la cuenta, borra o anonimiza sus datos, conserva el expediente y le dice qué se guardó', async () => {
    const s = await sembrarPaciente();
    const tk = c.p.tokensPacientes[0];
    const sockPaciente = conectar(c.t.url, tk);
    await esperarConexion(sockPaciente);
    const sockAdmin = conectar(c.t.url, s.tkAdmin);
    await esperarConexion(sockAdmin);
    try {
      const llega = esperarEvento<{ id_solicitud: number }>(sockAdmin, 'derechos:solicitud');
      const id = (await llamar(c.t, tk).post(P, { tipo: 'cancelacion', motivo: MOTIVO })).json().id_solicitud;
      expect((await llega).id_solicitud).toBe(id);
      const api = llamar(c.t, s.tkAdmin);
      expect((await api.get(A)).json()).toContainEqual(
        expect.objectContaining({
          id_solicitud: id,
          tipo: 'cancelacion',
          dias_habiles_restantes: 20,
          paciente: expect.objectContaining({ nombre: 'Eulalia' }),
        }),
      );
      const [suya] = await consultar(
        c.t.db,
        sql`select e.clave from evidencia e join actividad_asignada a using (id_asignacion) where a.id_paciente = ${s.ella.id_paciente}`,
      );
      const archivo = archivosGuardados(c.dataDir).find((f) => f.endsWith(String(suya.clave)));
      expect(archivo).toBeDefined();
      const revocada = esperarEvento<{ motivo: string }>(sockPaciente, 'sesion:revocada');
      const r = await api.post(`${A}/${id}/resolver`, { resultado: 'procedente' });
      expect(r.statusCode, r.body).toBe(200);
      expect((await revocada).motivo).toBe('deshabilitada');

      // She cannot sign in, and her old token is refused.
      const login = await c.t.app.inject({
        method: 'POST',
        url: '/api/paciente/iniciar-sesion',
        payload: { email: s.email, contrasena: CONTRASENA },
      });
      expect(login.statusCode).toBe(401);
      expect((await llamar(c.t, tk).get('/api/paciente/diario')).statusCode).toBe(401);

      // The mail went to the address she had, and says what was kept and why.
      const correo = await c.t.buzon.esperar(s.email);
      expect(correo.texto.replace(/\s+/g, ' ')).toContain(TEXTO_LO_QUE_SE_CONSERVA);

      // No personal data of hers anywhere in the database, nor her evidence file on disk.
      const todo = await volcado();
      for (const dato of [
        'Eulalia',
        'Quintanar',
        'Bocanegra',
        s.email,
        s.datos.telefono,
        'Rigoberto',
        'Gracias por la sesión',
        'terminé mi proceso',
      ])
        expect(todo.includes(dato), dato).toBe(false);
      expect(archivosGuardados(c.dataDir)).not.toContain(archivo);

      // Her forum post stays, its author no longer identifiable.
      const foro = await llamar(c.t, s.tkAjena).get(`/api/foros/temas/${s.idTema}/mensajes`);
      expect(foro.statusCode, foro.body).toBe(200);
      const mensajes = foro.json().data as Array<{ autor: { id: number; nombre: string; apellido: string } }>;
      expect(mensajes.map((m) => m.autor)).toEqual([{ id: 0, nombre: 'Usuario', apellido: 'eliminado', tipo: 'paciente' }]);

      // The clinical record stays readable to her psychologist.
      const notas = await llamar(c.t, c.p.token).get(`/api/psicologo/pacientes/${s.ella.id_paciente}/notas`);
      expect(notas.statusCode).toBe(200);
      expect(notas.body).toContain(s.NOTA);

      const acciones = (await c.t.db.select().from(auditoria).where(eq(auditoria.id_paciente, s.ella.id_paciente))).map((x) => x.accion);
      expect(acciones).toEqual(expect.arrayContaining(['solicitar_cancelacion', 'resolver_solicitud_arco', 'cancelar_datos']));
    } finally {
      sockPaciente.close();
      sockAdmin.close();
    }
  });
});

describe('demostración', () => {
  it('la práctica de demostración trae una oposición pendiente en la cola', async () => {
    const ids = { idPsicologo: c.p.psicologo.id_psicologo, idAdmin: 0, pacientes: c.p.pacientes.map((p) => p.id_paciente) };
    await sembrarSolicitudesDemo(c.t.app.ctx.cifrador, c.t.config.zonaClinica)(c.t.db, { ahora: c.t.reloj.ahora(), ids });
    const cola = (await llamar(c.t, (await admin()).token).get(A)).json() as Array<{ id_paciente: number; tipo: string; motivo: string }>;
    expect(cola).toContainEqual(
      expect.objectContaining({ id_paciente: c.p.pacientes[1].id_paciente, tipo: 'oposicion', motivo: expect.stringContaining('foros') }),
    );
  });
});
