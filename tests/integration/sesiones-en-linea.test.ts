// Online sessions over HTTP (issue 54, decision 358): entering an appointment's room within its
// window (app clock, clinic zone), the refusals, the grace, rooms opened from the chat and the
// records of the patient file; and the TURN credentials (decision 360).
import { createHmac } from 'node:crypto';
import { MSG_SESION, type EntradaSesion, type SesionEnLinea } from '@miduelo/shared/sesiones-en-linea';
import { DEMO, sembrarDemo } from '@miduelo/server/db/seed';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { sesionEnLinea } from '@miduelo/server/db/schema/sesiones-en-linea';
import { servidoresIce } from '@miduelo/server/modules/sesiones-en-linea/turn';
import { eq, gte } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { cliente, crearPractica, json, refirmar, usarAppDeAgenda } from '../helpers/agenda';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';

const ag = usarAppDeAgenda({ pacientes: 2 });
let idCita: number;

const yo = () => cliente(ag.t, () => ag.p.token);
const paciente = (i = 0) => cliente(ag.t, () => ag.p.tokensPacientes[i]);
// One database per file: only this test's practice's rows (and those of the accounts it made).
const filas = () => ag.t.db.select().from(sesionEnLinea).where(gte(sesionEnLinea.id_psicologo, ag.p.psicologo.id_psicologo));
const filasDeCita = (id: number) => ag.t.db.select().from(sesionEnLinea).where(eq(sesionEnLinea.id_cita, id));

async function citaEnLinea(body: object = {}) {
  const r = await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '10:00', modalidad: 'En línea', estado: 'confirmada', ...body });
  expect(r.statusCode).toBe(201);
  return json<{ id_cita: number }>(r).id_cita;
}

beforeEach(async () => {
  idCita = await citaEnLinea();
});

describe('POST /api/{psicologo|paciente}/citas/:id/sesion', () => {
  it('abre 10 minutos antes del inicio y cierra al final, en la zona de la clínica', async () => {
    ag.t.reloj.fijar('2027-03-01T09:49:59-06:00');
    const temprano = await yo().post(`/api/psicologo/citas/${idCita}/sesion`, {});
    expect(temprano.statusCode).toBe(409);
    expect(json(temprano).msg).toBe(MSG_SESION.aunNoAbre('09:50'));
    expect(await filasDeCita(idCita)).toHaveLength(0);

    ag.t.reloj.fijar('2027-03-01T09:50:00-06:00');
    const r = await yo().post(`/api/psicologo/citas/${idCita}/sesion`, {});
    expect(r.statusCode).toBe(200);
    const e = json<EntradaSesion>(r);
    expect(e.sesion).toMatchObject({
      id_cita: idCita,
      id_psicologo: ag.p.psicologo.id_psicologo,
      id_paciente: ag.p.pacientes[0].id_paciente,
      psicologo: 'Elena Prueba Suárez',
      paciente: 'Tomás Paciente Ruiz',
      estado: 'programada',
      abre_en: '2027-03-01T15:50:00.000Z',
      cierra_en: '2027-03-01T17:00:00.000Z',
      gracia_min: 0,
      iniciada_en: null,
      terminada_en: null,
    });
    expect(e.ice_servers).toEqual([]);

    // The patient enters the same room; a second entry creates nothing.
    const p = await paciente().post(`/api/paciente/citas/${idCita}/sesion`, {});
    expect(p.statusCode).toBe(200);
    expect(json<EntradaSesion>(p).sesion.id_sesion).toBe(e.sesion.id_sesion);
    expect(await filasDeCita(idCita)).toHaveLength(1);
    const porId = await paciente().post(`/api/paciente/sesiones/${e.sesion.id_sesion}/entrar`, {});
    expect(json<EntradaSesion>(porId).sesion.id_sesion).toBe(e.sesion.id_sesion);

    ag.t.reloj.fijar('2027-03-01T10:59:59-06:00');
    expect((await paciente().post(`/api/paciente/citas/${idCita}/sesion`, {})).statusCode).toBe(200);

    ag.t.reloj.fijar('2027-03-01T11:00:00-06:00');
    const tarde = await paciente().post(`/api/paciente/citas/${idCita}/sesion`, {});
    expect(tarde.statusCode).toBe(409);
    expect(json(tarde).msg).toBe(MSG_SESION.yaCerro);
    // Ended by time, at the window's end.
    const [fila] = await filasDeCita(idCita);
    expect(fila.terminada_por).toBe('ventana');
    expect(fila.terminada_en?.toISOString()).toBe('2027-03-01T17:00:00.000Z');
    const otraVez = await yo().post(`/api/psicologo/sesiones/${fila.id_sesion}/entrar`, {});
    expect(json(otraVez).msg).toBe(MSG_SESION.yaCerro);
  });

  it('cita cancelada o presencial: 409 con su mensaje, sin sala', async () => {
    const cancelada = await citaEnLinea({ hora_inicio: '12:00', id_paciente: ag.p.pacientes[1].id_paciente, estado: 'cancelada' });
    const presencial = await citaEnLinea({ hora_inicio: '13:00', id_paciente: ag.p.pacientes[1].id_paciente, modalidad: 'Presencial' });
    ag.t.reloj.fijar('2027-03-01T12:05:00-06:00');
    const c = await yo().post(`/api/psicologo/citas/${cancelada}/sesion`, {});
    expect([c.statusCode, json(c).msg]).toEqual([409, MSG_SESION.cancelada]);
    const pr = await paciente(1).post(`/api/paciente/citas/${presencial}/sesion`, {});
    expect([pr.statusCode, json(pr).msg]).toEqual([409, MSG_SESION.noEsEnLinea]);
    expect(await filas()).toHaveLength(0);
  });

  it('otro psicólogo, otra paciente, un administrador o una cita inexistente: el mismo 404, sin fila', async () => {
    ag.t.reloj.fijar('2027-03-01T10:00:00-06:00');
    const otra = await crearPractica(ag.t, 1);
    const admin = await crearPsicologo(ag.t.db, { rol_admin: true });
    const tokenAdmin = sesionPsicologo(ag.t.app, admin);
    const respuestas = [
      await cliente(ag.t, () => otra.token).post(`/api/psicologo/citas/${idCita}/sesion`, {}),
      await cliente(ag.t, () => otra.tokensPacientes[0]).post(`/api/paciente/citas/${idCita}/sesion`, {}),
      await paciente(1).post(`/api/paciente/citas/${idCita}/sesion`, {}),
      await cliente(ag.t, () => tokenAdmin).post(`/api/psicologo/citas/${idCita}/sesion`, {}),
      await yo().post('/api/psicologo/citas/999999/sesion', {}),
    ];
    for (const r of respuestas) expect([r.statusCode, json(r).msg]).toEqual([404, MSG_SESION.noEncontrada]);
    expect(await filas()).toHaveLength(0);

    // The room exists now: by its id too, nothing for them.
    const id = json<EntradaSesion>(await yo().post(`/api/psicologo/citas/${idCita}/sesion`, {})).sesion.id_sesion;
    const porId = [
      await cliente(ag.t, () => otra.token).post(`/api/psicologo/sesiones/${id}/entrar`, {}),
      await paciente(1).post(`/api/paciente/sesiones/${id}/entrar`, {}),
      await cliente(ag.t, () => tokenAdmin).put(`/api/psicologo/sesiones/${id}/gracia`, { minutos: 10 }),
    ];
    for (const r of porId) expect([r.statusCode, json(r).msg]).toEqual([404, MSG_SESION.noEncontrada]);
    const [fila] = await filas();
    expect(fila.gracia_min).toBe(0);
  });

  it('un paciente no entra por la ruta del psicólogo ni al revés', async () => {
    ag.t.reloj.fijar('2027-03-01T10:00:00-06:00');
    expect((await paciente().post(`/api/psicologo/citas/${idCita}/sesion`, {})).statusCode).toBe(403);
    expect((await yo().post(`/api/paciente/citas/${idCita}/sesion`, {})).statusCode).toBe(403);
    expect((await filas()).length).toBe(0);
  });
});

describe('PUT /api/psicologo/sesiones/:id/gracia', () => {
  it('extiende de 10 en 10 hasta 60; la sala sigue abierta durante la gracia', async () => {
    ag.t.reloj.fijar('2027-03-01T10:30:00-06:00');
    const id = json<EntradaSesion>(await yo().post(`/api/psicologo/citas/${idCita}/sesion`, {})).sesion.id_sesion;
    for (const cuerpo of [{ minutos: 15 }, {}, { minutos: '10' }]) {
      const mal = await yo().put(`/api/psicologo/sesiones/${id}/gracia`, cuerpo);
      expect([mal.statusCode, json(mal).msg]).toEqual([400, MSG_SESION.graciaInvalida]);
    }
    const r = await yo().put(`/api/psicologo/sesiones/${id}/gracia`, { minutos: 10 });
    expect(r.statusCode).toBe(200);
    expect(json<SesionEnLinea>(r)).toMatchObject({ gracia_min: 10, cierra_en: '2027-03-01T17:10:00.000Z' });
    expect((await paciente().put(`/api/psicologo/sesiones/${id}/gracia`, { minutos: 10 })).statusCode).toBe(403);

    ag.t.reloj.fijar('2027-03-01T11:05:00-06:00');
    expect((await paciente().post(`/api/paciente/citas/${idCita}/sesion`, {})).statusCode).toBe(200);
    expect((await yo().put(`/api/psicologo/sesiones/${id}/gracia`, { minutos: 50 })).statusCode).toBe(200);
    const tope = await yo().put(`/api/psicologo/sesiones/${id}/gracia`, { minutos: 10 });
    expect([tope.statusCode, json(tope).msg]).toEqual([409, MSG_SESION.graciaInvalida]);
    const [fila] = await filas();
    expect(fila.gracia_min).toBe(60);
    const acciones = await ag.t.db.select().from(auditoria).where(eq(auditoria.recurso, 'sesion_en_linea'));
    expect(acciones.filter((a) => a.accion === 'extender_sesion').map((a) => a.detalle)).toEqual([{ minutos: 10 }, { minutos: 50 }]);
  });
});

describe('POST /api/psicologo/pacientes/:id/sesion (sin cita)', () => {
  it('solo con una paciente propia; la abierta se devuelve; la paciente la ve abierta; dura 60 minutos', async () => {
    const otra = await crearPractica(ag.t, 1);
    const ajena = await yo().post(`/api/psicologo/pacientes/${otra.pacientes[0].id_paciente}/sesion`, {});
    expect([ajena.statusCode, json(ajena).msg]).toEqual([404, MSG_SESION.pacienteNoVinculado]);
    expect(await filas()).toHaveLength(0);

    const idPaciente = ag.p.pacientes[1].id_paciente;
    const r = await yo().post(`/api/psicologo/pacientes/${idPaciente}/sesion`, {});
    expect(r.statusCode).toBe(201);
    const s = json<EntradaSesion>(r).sesion;
    expect(s).toMatchObject({
      id_cita: null,
      id_paciente: idPaciente,
      abre_en: '2027-03-01T15:00:00.000Z',
      cierra_en: '2027-03-01T16:00:00.000Z',
    });
    const otraVez = await yo().post(`/api/psicologo/pacientes/${idPaciente}/sesion`, {});
    expect(otraVez.statusCode).toBe(200);
    expect(json<EntradaSesion>(otraVez).sesion.id_sesion).toBe(s.id_sesion);

    const abiertas = json<SesionEnLinea[]>(await paciente(1).get('/api/paciente/sesiones/abiertas'));
    expect(abiertas.map((x) => x.id_sesion)).toEqual([s.id_sesion]);
    expect(json<SesionEnLinea[]>(await paciente(0).get('/api/paciente/sesiones/abiertas'))).toEqual([]);
    expect((await paciente(1).post(`/api/paciente/sesiones/${s.id_sesion}/entrar`, {})).statusCode).toBe(200);
    expect((await paciente(0).post(`/api/paciente/sesiones/${s.id_sesion}/entrar`, {})).statusCode).toBe(404);

    // After its hour a new one is opened.
    ag.t.reloj.fijar('2027-03-01T10:00:00-06:00');
    expect(json<SesionEnLinea[]>(await paciente(1).get('/api/paciente/sesiones/abiertas'))).toEqual([]);
    const nueva = await yo().post(`/api/psicologo/pacientes/${idPaciente}/sesion`, {});
    expect(nueva.statusCode).toBe(201);
    expect(json<EntradaSesion>(nueva).sesion.id_sesion).not.toBe(s.id_sesion);
  });

  it('una cuenta limitada (cédula sin validar tras la gracia) no abre sesiones nuevas', async () => {
    const limitada = await crearPractica(ag.t, 1, { cedula_validada: false, createdAt: new Date('2026-01-01T00:00:00Z') });
    const r = await cliente(ag.t, () => limitada.token).post(`/api/psicologo/pacientes/${limitada.pacientes[0].id_paciente}/sesion`, {});
    expect(r.statusCode).toBe(403);
    expect(await filas()).toHaveLength(0);
  });
});

describe('GET /api/psicologo/pacientes/:id/sesiones', () => {
  it('los registros de la paciente, el más reciente primero, solo para su psicóloga', async () => {
    ag.t.reloj.fijar('2027-03-01T09:55:00-06:00');
    const primera = json<EntradaSesion>(await yo().post(`/api/psicologo/citas/${idCita}/sesion`, {})).sesion.id_sesion;
    const manana = await citaEnLinea({ fecha: '2027-03-02', hora_inicio: '10:00' });
    ag.t.reloj.fijar('2027-03-02T10:00:00-06:00');
    refirmar(ag.t, ag.p);
    const r2 = await yo().post(`/api/psicologo/citas/${manana}/sesion`, {});
    expect(r2.statusCode, r2.body).toBe(200);
    const segunda = json<EntradaSesion>(r2).sesion.id_sesion;
    const lista = json<SesionEnLinea[]>(await yo().get(`/api/psicologo/pacientes/${ag.p.pacientes[0].id_paciente}/sesiones`));
    expect(lista.map((x) => [x.id_sesion, x.estado])).toEqual([
      [segunda, 'programada'],
      [primera, 'terminada'],
    ]);
    const otra = await crearPractica(ag.t, 0);
    const r = await cliente(ag.t, () => otra.token).get(`/api/psicologo/pacientes/${ag.p.pacientes[0].id_paciente}/sesiones`);
    expect(r.statusCode).toBe(404);
    expect(json<unknown[]>(await yo().get('/api/psicologo/sesiones/activas'))).toEqual([]);
  });
});

describe('cabeceras', () => {
  it('la cámara y el micrófono del propio origen están permitidos en el cliente web y en /app', async () => {
    for (const url of ['/', '/app/', '/sesion/1', '/api/salud']) {
      const r = await ag.t.app.inject({ method: 'GET', url });
      expect(r.headers['permissions-policy'], url).toBe('camera=(self), microphone=(self)');
      expect(String(r.headers['content-security-policy'])).not.toMatch(/camera|microphone/);
    }
  });
});

describe('servidores ICE (decisión 360)', () => {
  const base = { turnUrls: ['turn:turn.ejemplo.mx:3478?transport=udp', 'stun:turn.ejemplo.mx:3478'], turnTtlS: 3600 };
  const now = () => new Date('2027-03-01T15:00:00Z');
  it('credencial de la API REST de TURN: vence en TURN_TTL_S, HMAC-SHA1 del usuario con el secreto', () => {
    const [s] = servidoresIce({ ...base, turnSecret: 'secreto-compartido-de-coturn', now }, { tipo: 'paciente', id: 7 });
    const vence = Date.parse('2027-03-01T16:00:00Z') / 1000;
    expect(s.urls).toEqual(base.turnUrls);
    expect(s.username).toMatch(new RegExp(`^${vence}:[A-Za-z0-9_-]{16}$`));
    expect(s.username).not.toContain('7');
    expect(s.credential).toBe(
      createHmac('sha1', 'secreto-compartido-de-coturn')
        .update(s.username ?? '')
        .digest('base64'),
    );
  });
  it('sin configuración, ninguno; sin secreto, solo STUN', () => {
    expect(servidoresIce({ turnUrls: [], turnSecret: null, turnTtlS: 3600, now }, { tipo: 'psicologo', id: 1 })).toEqual([]);
    expect(
      servidoresIce({ turnUrls: ['stun:stun.ejemplo.mx:3478'], turnSecret: null, turnTtlS: 3600, now }, { tipo: 'psicologo', id: 1 }),
    ).toEqual([{ urls: ['stun:stun.ejemplo.mx:3478'] }]);
  });
});

describe('la demo', () => {
  it('Lucía tiene una cita en línea cuya sala ya abre y, en su expediente, una sesión pasada con su registro', async () => {
    await sembrarDemo(ag.t.db, ag.t.reloj.ahora(), ag.t.app.demo.sembradores, async () => true);
    const login = async (url: string, payload: object) => (await ag.t.app.inject({ method: 'POST', url, payload })).json().token as string;
    const tokenLucia = await login('/api/paciente/iniciar-sesion', { email: DEMO.paciente, contrasena: DEMO.contrasena });
    const tokenPsi = await login('/api/psicologo/iniciar-sesion', { correo: DEMO.psicologa, contrasena: DEMO.contrasena });
    const lucia = cliente(ag.t, () => tokenLucia);
    const citas = json<Array<{ id_cita: number; fecha: string; hora_inicio: string; modalidad: string }>>(
      await lucia.get('/api/paciente/citas'),
    );
    const hoy = citas.find((c) => c.fecha === '2027-03-01' && c.modalidad === 'En línea' && c.hora_inicio === '09:05');
    expect(hoy, JSON.stringify(citas)).toBeDefined();
    const e = await lucia.post(`/api/paciente/citas/${hoy?.id_cita}/sesion`, {});
    expect(e.statusCode, e.body).toBe(200);
    const idLucia = json<EntradaSesion>(e).sesion.id_paciente;
    const registros = json<SesionEnLinea[]>(await cliente(ag.t, () => tokenPsi).get(`/api/psicologo/pacientes/${idLucia}/sesiones`));
    expect(registros.map((r) => r.estado)).toEqual(['programada', 'terminada']);
    expect(registros[1]).toMatchObject({
      abre_en: '2027-02-22T23:50:00.000Z',
      iniciada_en: '2027-02-23T00:01:00.000Z',
      terminada_en: '2027-02-23T00:52:00.000Z',
      terminada_por: 'psicologo',
      entro_psicologo_en: expect.any(String),
      entro_paciente_en: expect.any(String),
    });
  });
});
