// The original web client always names this week's agenda (decision 391): an appointment dated in
// another week of the same psychologist is stored in that date's own week's agenda, created when
// missing, with every booking rule as before. The clock is fixed (usarAppDeAgenda: Monday 1 March
// 2027, 09:00 in the clinic's zone), so nothing here depends on when the suite runs.
import { agenda, cita } from '@miduelo/server/db/schema/agenda';
import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { sumarDias } from '@miduelo/shared/agenda-tiempo';
import type { CitaCambio } from '@miduelo/shared/realtime-agenda';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crearPractica, json, LUNES, psicologoApi, refirmar, usarAppDeAgenda } from '../helpers/agenda';
import { conectar, esperarConexion, esperarEvento } from '../helpers/socket';

const ag = usarAppDeAgenda({ escuchar: true });

type AgendaR = { agenda: { id_agenda: number; semana_inicio: string; semana_fin: string } };
type CitaR = { id_cita: number; id_agenda: number; fecha: string; hora_inicio: string };

const SIGUIENTE_LUNES = sumarDias(LUNES, 7);
const EN_DOS_SEMANAS = sumarDias(LUNES, 14);

/** What the original client does on opening its agenda: this week's agenda, created if missing. */
async function agendaDeEstaSemana() {
  const r = await ag.api.crearAgenda(LUNES, sumarDias(LUNES, 6));
  expect([200, 201]).toContain(r.statusCode);
  return json<AgendaR>(r).agenda.id_agenda;
}

async function citasDe(idAgenda: number) {
  const r = await ag.api.citasDeAgenda(idAgenda);
  expect(r.statusCode).toBe(200);
  return json<CitaR[]>(r).map((c) => c.id_cita);
}

async function agendasDeLaSemana(lunes: string) {
  return ag.t.db
    .select({ id: agenda.id_agenda })
    .from(agenda)
    .where(and(eq(agenda.id_psicologo, ag.p.psicologo.id_psicologo), eq(agenda.semana_inicio, lunes)));
}

const citasDelPsicologo = async () => (await ag.t.db.select().from(cita).where(eq(cita.id_psicologo, ag.p.psicologo.id_psicologo))).length;

describe('POST /citas con la agenda de esta semana y una fecha de otra', () => {
  it('el lunes siguiente queda en la agenda de la semana siguiente, la que GET /agenda devuelve para esa semana', async () => {
    const estaSemana = await agendaDeEstaSemana();
    const siguiente = json<AgendaR>(await ag.api.crearAgenda(SIGUIENTE_LUNES, sumarDias(SIGUIENTE_LUNES, 6))).agenda;
    const r = await ag.api.crearCita({ id_agenda: estaSemana, fecha: SIGUIENTE_LUNES, hora_inicio: '10:00' });
    expect(r.statusCode).toBe(201);
    const c = json<CitaR>(r);
    expect(c).toMatchObject({ fecha: SIGUIENTE_LUNES, hora_inicio: '10:00', id_agenda: siguiente.id_agenda });
    const g = await ag.api.agenda(SIGUIENTE_LUNES);
    expect(g.statusCode).toBe(200);
    expect(json<AgendaR>(g).agenda.id_agenda).toBe(siguiente.id_agenda);
    expect(await citasDe(siguiente.id_agenda)).toEqual([c.id_cita]);
    expect(await citasDe(estaSemana)).toEqual([]);
  });

  it('una semana sin agenda recibe una (una sola), y la siguiente cita de esa semana va a la misma', async () => {
    const estaSemana = await agendaDeEstaSemana();
    expect((await ag.api.agenda(EN_DOS_SEMANAS)).statusCode).toBe(404);
    const r1 = await ag.api.crearCita({ id_agenda: estaSemana, fecha: sumarDias(EN_DOS_SEMANAS, 2), hora_inicio: '10:00' });
    expect(r1.statusCode).toBe(201);
    const g = await ag.api.agenda(EN_DOS_SEMANAS);
    expect(g.statusCode).toBe(200);
    const creada = json<AgendaR>(g).agenda;
    expect(creada).toMatchObject({ semana_inicio: EN_DOS_SEMANAS, semana_fin: sumarDias(EN_DOS_SEMANAS, 6) });
    expect(json<CitaR>(r1).id_agenda).toBe(creada.id_agenda);
    const r2 = await ag.api.crearCita({ id_agenda: estaSemana, fecha: sumarDias(EN_DOS_SEMANAS, 4), hora_inicio: '12:00' });
    expect(json<CitaR>(r2).id_agenda).toBe(creada.id_agenda);
    expect(await agendasDeLaSemana(EN_DOS_SEMANAS)).toHaveLength(1);
    expect((await citasDe(creada.id_agenda)).sort()).toEqual([json<CitaR>(r1).id_cita, json<CitaR>(r2).id_cita].sort());
  });

  it('en domingo por la noche se puede citar el lunes que viene con la agenda de la semana que termina', async () => {
    const estaSemana = await agendaDeEstaSemana();
    ag.t.reloj.fijar(`${sumarDias(LUNES, 6)}T21:30:00-06:00`);
    refirmar(ag.t, ag.p);
    const r = await ag.api.crearCita({ id_agenda: estaSemana, fecha: SIGUIENTE_LUNES, hora_inicio: '09:00' });
    expect(r.statusCode).toBe(201);
    expect(json<CitaR>(r).id_agenda).not.toBe(estaSemana);
    expect(json<AgendaR>(await ag.api.agenda(SIGUIENTE_LUNES)).agenda.id_agenda).toBe(json<CitaR>(r).id_agenda);
  });

  it('citas simultáneas en una semana sin agenda crean una sola agenda y todas van a ella', async () => {
    const estaSemana = await agendaDeEstaSemana();
    const horas = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'];
    const respuestas = await Promise.all([
      ...horas.map((hora_inicio) => ag.api.crearCita({ id_agenda: estaSemana, fecha: sumarDias(EN_DOS_SEMANAS, 1), hora_inicio })),
      ag.api.crearAgenda(EN_DOS_SEMANAS, sumarDias(EN_DOS_SEMANAS, 6)),
    ]);
    const citas = respuestas.slice(0, horas.length);
    expect(citas.map((r) => r.statusCode)).toEqual(horas.map(() => 201));
    const filas = await agendasDeLaSemana(EN_DOS_SEMANAS);
    expect(filas).toHaveLength(1);
    expect(new Set(citas.map((r) => json<CitaR>(r).id_agenda))).toEqual(new Set([filas[0].id]));
    expect(json<AgendaR>(respuestas[horas.length]).agenda.id_agenda).toBe(filas[0].id);
  });

  it('el aviso en vivo lleva la agenda de la semana de la cita', async () => {
    const estaSemana = await agendaDeEstaSemana();
    const s = conectar(ag.t.url, ag.p.token);
    try {
      await esperarConexion(s);
      const llega = esperarEvento<CitaCambio>(s, 'cita:cambio');
      const r = await ag.api.crearCita({ id_agenda: estaSemana, fecha: SIGUIENTE_LUNES, hora_inicio: '10:00' });
      expect(r.statusCode).toBe(201);
      const e = await llega;
      expect(e).toMatchObject({ tipo: 'creada', cita: { id_cita: json<CitaR>(r).id_cita, fecha: SIGUIENTE_LUNES } });
      expect(e.cita.id_agenda).toBe(json<AgendaR>(await ag.api.agenda(SIGUIENTE_LUNES)).agenda.id_agenda);
      expect(e.cita.id_agenda).not.toBe(estaSemana);
    } finally {
      s.close();
    }
  });

  it('Reagendar (fecha y hora, sin agenda, como lo manda el cliente original) mueve la cita a la agenda de su nueva semana', async () => {
    const estaSemana = await agendaDeEstaSemana();
    const c = json<CitaR>(await ag.api.crearCita({ id_agenda: estaSemana, fecha: sumarDias(LUNES, 2), hora_inicio: '10:00' }));
    expect(c.id_agenda).toBe(estaSemana);
    const r = await ag.api.actualizarCita(c.id_cita, { fecha: SIGUIENTE_LUNES, hora_inicio: '11:00' });
    expect(r.statusCode).toBe(200);
    const siguiente = json<AgendaR>(await ag.api.agenda(SIGUIENTE_LUNES)).agenda.id_agenda;
    expect(json<CitaR>(r).id_agenda).toBe(siguiente);
    expect(await citasDe(siguiente)).toEqual([c.id_cita]);
    expect(await citasDe(estaSemana)).toEqual([]);
  });
});

describe('lo que se sigue rechazando', () => {
  it('la agenda de otro psicólogo: 404 como siempre, sin cita y sin agenda nueva', async () => {
    const otra = await crearPractica(ag.t, 1);
    const ajena = json<AgendaR>(await psicologoApi(ag.t, otra).crearAgenda(LUNES, sumarDias(LUNES, 6))).agenda.id_agenda;
    for (const fecha of [sumarDias(LUNES, 1), SIGUIENTE_LUNES]) {
      const r = await ag.api.crearCita({ id_agenda: ajena, fecha, hora_inicio: '10:00' });
      expect(r.statusCode).toBe(404);
      expect(json(r).msg).toBe(MSG_AGENDA.agendaNoEncontrada);
    }
    expect(await citasDelPsicologo()).toBe(0);
    expect(await agendasDeLaSemana(SIGUIENTE_LUNES)).toHaveLength(0);
    expect(
      await psicologoApi(ag.t, otra)
        .citasDeAgenda(ajena)
        .then((r) => json<CitaR[]>(r)),
    ).toEqual([]);
  });

  it.each([
    ['una fecha pasada', { fecha: sumarDias(LUNES, -7) }, 400, MSG_AGENDA.fechaPasada],
    ['un sábado (fuera de la disponibilidad)', { fecha: sumarDias(EN_DOS_SEMANAS, 5) }, 400, MSG_AGENDA.fueraDeDisponibilidad],
    ['una hora fuera de la disponibilidad', { fecha: EN_DOS_SEMANAS, hora_inicio: '19:00' }, 400, MSG_AGENDA.fueraDeDisponibilidad],
  ])('%s en otra semana: rechazada como antes, sin cita ni agenda nueva', async (_caso, cambio, status, msg) => {
    const estaSemana = await agendaDeEstaSemana();
    const r = await ag.api.crearCita({ id_agenda: estaSemana, hora_inicio: '10:00', ...cambio });
    expect(r.statusCode).toBe(status);
    expect(json(r).msg).toBe(msg);
    expect(await citasDelPsicologo()).toBe(0);
    expect(await agendasDeLaSemana(EN_DOS_SEMANAS)).toHaveLength(0);
    expect(await agendasDeLaSemana(sumarDias(LUNES, -7))).toHaveLength(0);
  });

  it('un día bloqueado de otra semana y un horario ya ocupado allí se rechazan', async () => {
    const estaSemana = await agendaDeEstaSemana();
    expect((await ag.api.crearExcepcion({ fecha: sumarDias(SIGUIENTE_LUNES, 1), motivo: 'Congreso' })).statusCode).toBe(201);
    const bloqueado = await ag.api.crearCita({ id_agenda: estaSemana, fecha: sumarDias(SIGUIENTE_LUNES, 1), hora_inicio: '10:00' });
    expect(bloqueado.statusCode).toBe(400);
    expect(await citasDelPsicologo()).toBe(0);
    expect((await ag.api.crearCita({ id_agenda: estaSemana, fecha: SIGUIENTE_LUNES, hora_inicio: '10:00' })).statusCode).toBe(201);
    const choque = await ag.api.crearCita({
      id_agenda: estaSemana,
      fecha: SIGUIENTE_LUNES,
      hora_inicio: '10:30',
      id_paciente: ag.p.pacientes[1].id_paciente,
    });
    expect(choque.statusCode).toBe(409);
    expect(json(choque).msg).toBe(MSG_AGENDA.horarioOcupado);
    expect(await citasDelPsicologo()).toBe(1);
  });

  it('un paciente de otro psicólogo: 404 como siempre', async () => {
    const estaSemana = await agendaDeEstaSemana();
    const otra = await crearPractica(ag.t, 1);
    const r = await ag.api.crearCita({
      id_agenda: estaSemana,
      fecha: SIGUIENTE_LUNES,
      hora_inicio: '10:00',
      id_paciente: otra.pacientes[0].id_paciente,
    });
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe(MSG_AGENDA.pacienteNoEncontrado);
    expect(await citasDelPsicologo()).toBe(0);
    expect(await agendasDeLaSemana(SIGUIENTE_LUNES)).toHaveLength(0);
  });
});
