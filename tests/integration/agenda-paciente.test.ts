// The patient's side of the agenda (mobile app): own appointments, free slots, requests, cancelling.
import { MAX_SOLICITUDES_PENDIENTES, MSG_AGENDA } from '@miduelo/shared/agenda';
import { cita } from '@miduelo/server/db/schema/agenda';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { crearPaciente, sesionPaciente } from '../helpers/fabricas';
import { cliente, json, usarAppDeAgenda } from '../helpers/agenda';
import { conAvisoCaido } from '../helpers/aviso';

let yo: ReturnType<typeof cliente>;
type CitaApp = { id_cita: number; fecha: string; hora_inicio: string; estado: string; notas: string | null; origen: string };
type Horarios = { fecha: string; duracion: number; horarios: Array<{ hora_inicio: string; hora_fin: string }> };

const solicitar = (body: object, c = yo) =>
  c.post('/api/paciente/citas/solicitar', { fecha: '2027-03-02', hora_inicio: '10:00', modalidad: 'En línea', ...body });
const horarios = async (fecha: string, extra = '') =>
  json<Horarios>(await yo.get(`/api/paciente/horarios-disponibles?fecha=${fecha}${extra}`));

const ag = usarAppDeAgenda();
beforeEach(async () => {
  yo = cliente(ag.t, () => ag.p.tokensPacientes[0]);
});

describe('GET /api/paciente/citas', () => {
  it('solo las propias, sin las notas del psicólogo; las notas propias de una solicitud sí', async () => {
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', notas: 'Observación clínica privada' });
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', id_paciente: ag.p.pacientes[1].id_paciente });
    await solicitar({ fecha: '2027-03-03', hora_inicio: '11:00', notas: 'Quisiera hablar de mi papá' });
    const r = await yo.get('/api/paciente/citas');
    expect(r.statusCode).toBe(200);
    const lista = json<CitaApp[]>(r);
    expect(lista).toHaveLength(2);
    expect(lista[0]).toEqual({
      id_cita: expect.any(Number),
      fecha: '2027-03-02',
      hora_inicio: '10:00',
      hora_fin: '11:00',
      duracion: 60,
      modalidad: 'Presencial',
      estado: 'pendiente',
      notas: null,
      origen: 'psicologo',
      version: 1,
    });
    expect(lista[1]).toMatchObject({ fecha: '2027-03-03', notas: 'Quisiera hablar de mi papá', origen: 'paciente' });
    expect(r.body).not.toContain('Observación clínica privada');
    expect(r.body).not.toContain('id_paciente');
  });
});

describe('GET /api/paciente/horarios-disponibles', () => {
  it('disponibilidad menos citas menos excepciones, en bloques de 60 minutos', async () => {
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:15', id_paciente: ag.p.pacientes[1].id_paciente });
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '16:00', estado: 'cancelada' });
    await ag.api.crearExcepcion({ fecha: '2027-03-02', hora_inicio: '14:00', hora_fin: '15:00', motivo: 'Supervisión' });
    const h = await horarios('2027-03-02');
    expect(h.duracion).toBe(60);
    expect(h.horarios.map((x) => x.hora_inicio)).toEqual(['09:00', '11:15', '12:15', '15:00', '16:00', '17:00']);
    expect(h.horarios[1]).toEqual({ hora_inicio: '11:15', hora_fin: '12:15' });
  });

  it('hoy solo después de la hora actual; fechas pasadas, días sin disponibilidad o bloqueados: lista vacía', async () => {
    ag.t.reloj.fijar('2027-03-01T10:20:00-06:00');
    ag.p.tokensPacientes[0] = sesionPaciente(ag.t.app, ag.p.pacientes[0]);
    expect((await horarios('2027-03-01')).horarios[0].hora_inicio).toBe('10:30');
    expect((await horarios('2027-02-26')).horarios).toEqual([]);
    expect((await horarios('2027-03-06')).horarios).toEqual([]);
    await ag.api.crearExcepcion({ fecha: '2027-03-04' });
    expect((await horarios('2027-03-04')).horarios).toEqual([]);
  });

  it('acepta otra duración y valida la fecha', async () => {
    const h = await horarios('2027-03-05', '&duracion=90');
    expect(h.horarios.slice(0, 2)).toEqual([
      { hora_inicio: '09:00', hora_fin: '10:30' },
      { hora_inicio: '10:30', hora_fin: '12:00' },
    ]);
    const r = await yo.get('/api/paciente/horarios-disponibles?fecha=mañana');
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.fechaInvalida);
  });

  it('un paciente sin psicólogo asignado recibe 409 con un mensaje claro', async () => {
    const solo = await crearPaciente(ag.t.db, { id_psicologo: null });
    const r = await cliente(ag.t, () => sesionPaciente(ag.t.app, solo)).get('/api/paciente/horarios-disponibles?fecha=2027-03-02');
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.sinPsicologo);
  });
});

describe('POST /api/paciente/citas/solicitar', () => {
  it('crea una cita pendiente de 60 minutos en la agenda de su psicólogo', async () => {
    const r = await solicitar({ notas: 'Primera vez' });
    expect(r.statusCode).toBe(201);
    expect(json(r)).toMatchObject({
      estado: 'pendiente',
      origen: 'paciente',
      modalidad: 'En línea',
      hora_fin: '11:00',
      notas: 'Primera vez',
    });
    const semana = json<{ agenda: { id_agenda: number } }>(await ag.api.agenda('2027-03-01')).agenda;
    const vista = json<Array<{ id_paciente: number; origen: string; estado: string }>>(await ag.api.citasDeAgenda(semana.id_agenda));
    expect(vista).toEqual([
      expect.objectContaining({ id_paciente: ag.p.pacientes[0].id_paciente, origen: 'paciente', estado: 'pendiente' }),
    ]);
  });

  it('409 cuando el horario acaba de ocuparse; las mismas reglas de fecha y disponibilidad', async () => {
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:30', id_paciente: ag.p.pacientes[1].id_paciente });
    let r = await solicitar({});
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.horarioOcupado);
    r = await solicitar({ fecha: '2027-02-26' });
    expect(json(r).msg).toBe(MSG_AGENDA.fechaPasada);
    r = await solicitar({ fecha: '2027-03-01', hora_inicio: '08:30' });
    expect(json(r).msg).toBe(MSG_AGENDA.horaPasada);
    r = await solicitar({ fecha: '2027-03-07' });
    expect(r.statusCode).toBe(400);
    expect(json<{ msg: string }>(r).msg).toMatch(/disponibilidad/);
    r = await solicitar({ hora_inicio: '' });
    expect(json(r).msg).toBe(MSG_AGENDA.faltanDatos);
    expect((await ag.t.db.select().from(cita).where(eq(cita.id_paciente, ag.p.pacientes[0].id_paciente))).length).toBe(0);
  });

  it(`no más de ${MAX_SOLICITUDES_PENDIENTES} solicitudes pendientes a futuro`, async () => {
    for (const hora_inicio of ['09:00', '11:00', '13:00']) expect((await solicitar({ hora_inicio })).statusCode).toBe(201);
    const r = await solicitar({ hora_inicio: '15:00' });
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.demasiadasSolicitudes);
  });

  it('el estado lo decide el psicólogo: un "estado" en el cuerpo se ignora', async () => {
    const r = await solicitar({ estado: 'confirmada', id_paciente: ag.p.pacientes[1].id_paciente });
    expect(json(r)).toMatchObject({ estado: 'pendiente' });
    const [fila] = await ag.t.db
      .select()
      .from(cita)
      .where(eq(cita.id_cita, json<{ id_cita: number }>(r).id_cita));
    expect(fila.id_paciente).toBe(ag.p.pacientes[0].id_paciente);
  });
});

describe('PUT /api/paciente/citas/{id_cita}/cancelar', () => {
  it('cancela una cita propia y futura; repetir es inocuo', async () => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', estado: 'confirmada' }));
    let r = await yo.put(`/api/paciente/citas/${c.id_cita}/cancelar`, {});
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ id_cita: c.id_cita, estado: 'cancelada', version: 2 });
    r = await yo.put(`/api/paciente/citas/${c.id_cita}/cancelar`, {});
    expect(json(r)).toMatchObject({ estado: 'cancelada', version: 2 });
  });

  it('la cita de otro paciente responde 404 y no cambia', async () => {
    const c = json<{ id_cita: number }>(
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: ag.p.pacientes[1].id_paciente }),
    );
    const r = await yo.put(`/api/paciente/citas/${c.id_cita}/cancelar`, {});
    expect(r.statusCode).toBe(404);
    const [fila] = await ag.t.db.select().from(cita).where(eq(cita.id_cita, c.id_cita));
    expect(fila.estado).toBe('pendiente');
  });

  it('una cita que ya empezó no se cancela', async () => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '10:00' }));
    ag.t.reloj.fijar('2027-03-01T10:00:00-06:00');
    ag.p.tokensPacientes[0] = sesionPaciente(ag.t.app, ag.p.pacientes[0]);
    const r = await yo.put(`/api/paciente/citas/${c.id_cita}/cancelar`, {});
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.cancelarPasada);
  });
});

describe('roles', () => {
  it('un psicólogo no usa las rutas del paciente, ni un paciente las del psicólogo', async () => {
    expect((await cliente(ag.t, () => ag.p.token).get('/api/paciente/citas')).statusCode).toBe(403);
    expect((await yo.get(`/api/psicologo/disponibilidad/${ag.p.psicologo.id_psicologo}`)).statusCode).toBe(403);
    expect(
      (await yo.post('/api/psicologo/citas', { fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: ag.p.pacientes[0].id_paciente }))
        .statusCode,
    ).toBe(403);
    expect((await ag.t.app.inject({ method: 'GET', url: '/api/paciente/citas' })).statusCode).toBe(401);
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  const mias = async () =>
    ag.t.db.select({ id: cita.id_cita, estado: cita.estado }).from(cita).where(eq(cita.id_paciente, ag.p.pacientes[0].id_paciente));

  it('solicitar: 201 y una sola solicitud; cancelarla: 200 y cancelada', async () => {
    const r = await conAvisoCaido(ag.t, () => solicitar({}));
    expect(r.statusCode, r.body).toBe(201);
    const c = json<CitaApp>(r);
    expect(c).toMatchObject({ estado: 'pendiente', origen: 'paciente' });
    expect(await mias()).toEqual([{ id: c.id_cita, estado: 'pendiente' }]);
    const cancelar = await conAvisoCaido(ag.t, () => yo.put(`/api/paciente/citas/${c.id_cita}/cancelar`, {}));
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    expect(json<CitaApp>(cancelar).estado).toBe('cancelada');
    expect(await mias()).toEqual([{ id: c.id_cita, estado: 'cancelada' }]);
  });
});
