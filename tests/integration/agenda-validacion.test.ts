// Bad input on every agenda route gets a clear Spanish 400 (never valibot's English, never a 500)
// and writes nothing: no appointment, no week agenda, no slot, no exception.
import { agenda, cita, disponibilidad, excepcion } from '@miduelo/server/db/schema/agenda';
import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { inyectarCon } from '../helpers/app';
import { json, usarAppDeAgenda } from '../helpers/agenda';

let idCita: number;

async function fotografia() {
  const id = ag.p.psicologo.id_psicologo;
  return {
    agenda: await ag.t.db.select().from(agenda).where(eq(agenda.id_psicologo, id)),
    cita: await ag.t.db.select().from(cita).where(eq(cita.id_psicologo, id)),
    disponibilidad: await ag.t.db.select().from(disponibilidad).where(eq(disponibilidad.id_psicologo, id)),
    excepcion: await ag.t.db.select().from(excepcion).where(eq(excepcion.id_psicologo, id)),
  };
}

const ag = usarAppDeAgenda();
beforeEach(async () => {
  idCita = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' })).id_cita;
});

/** Sends a raw JSON text, as a broken or hostile client could. */
const crudo = (token: string, method: 'POST' | 'PUT', url: string, texto: string) =>
  inyectarCon(ag.t.app, token, { method, url, payload: texto, headers: { 'content-type': 'application/json' } });

describe('tipos equivocados: mensaje en español, nada escrito', () => {
  const b = '/api/psicologo';
  const casos: Array<[string, string, () => ReturnType<typeof ag.api.get>]> = [
    ['notas numéricas al crear', MSG_AGENDA.notasTexto, () => ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '12:00', notas: 5 })],
    [
      'fecha numérica al reagendar',
      MSG_AGENDA.fechaInvalida,
      () => ag.api.actualizarCita(idCita, { fecha: 20270303, hora_inicio: '12:00' }),
    ],
    ['motivo numérico en una excepción', MSG_AGENDA.motivoTexto, () => ag.api.crearExcepcion({ fecha: '2027-03-05', motivo: 5 })],
    [
      'semana_inicio repetida en la consulta',
      MSG_AGENDA.fechaInvalida,
      () => ag.api.get(`${b}/agenda/${ag.p.psicologo.id_psicologo}?semana_inicio=2027-03-01&semana_inicio=2027-03-08`),
    ],
    ['cuerpo de texto en POST /citas', MSG_GENERICO.cuerpoInvalido, () => crudo(ag.p.token, 'POST', `${b}/citas`, '"hola"')],
    ['cuerpo numérico en PUT /citas', MSG_GENERICO.cuerpoInvalido, () => crudo(ag.p.token, 'PUT', `${b}/citas/${idCita}`, '42')],
    ['cuerpo de texto en POST /agenda', MSG_GENERICO.cuerpoInvalido, () => crudo(ag.p.token, 'POST', `${b}/agenda`, '"semana"')],
    [
      'cuerpo de texto en POST /disponibilidad',
      MSG_GENERICO.cuerpoInvalido,
      () => crudo(ag.p.token, 'POST', `${b}/disponibilidad`, '"Lunes"'),
    ],
    ['cuerpo de texto en POST /excepcion', MSG_GENERICO.cuerpoInvalido, () => crudo(ag.p.token, 'POST', `${b}/excepcion`, '"mañana"')],
    [
      'notas numéricas en la solicitud del paciente',
      MSG_AGENDA.notasTexto,
      () =>
        crudo(
          ag.p.tokensPacientes[0],
          'POST',
          '/api/paciente/citas/solicitar',
          JSON.stringify({ fecha: '2027-03-03', hora_inicio: '12:00', notas: 7 }),
        ),
    ],
  ];

  it.each(casos)('%s → 400 con "%s"', async (_caso, mensaje, llamar) => {
    const antes = await fotografia();
    const r = await llamar();
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(mensaje);
    expect(r.body).not.toMatch(/Invalid|Expected|received/);
    expect(await fotografia()).toEqual(antes);
  });
});

describe('fechas absurdamente lejanas', () => {
  // 9999-12-31 is a Friday inside the default availability; its week would end in year 10000,
  // which used to reach the database and answer 500 'Existe un error en el servidor'.
  it.each([
    ['crear cita', () => ag.api.crearCita({ fecha: '9999-12-31', hora_inicio: '10:00' })],
    ['reagendar', () => ag.api.actualizarCita(idCita, { fecha: '9999-12-31', hora_inicio: '10:00' })],
    [
      'solicitud del paciente',
      () =>
        crudo(
          ag.p.tokensPacientes[0],
          'POST',
          '/api/paciente/citas/solicitar',
          JSON.stringify({ fecha: '9999-12-31', hora_inicio: '10:00' }),
        ),
    ],
    ['excepción', () => ag.api.crearExcepcion({ fecha: '9999-12-31' })],
    ['consultar la semana', () => ag.api.agenda('9999-12-31')],
  ])('%s en 9999-12-31 → 400 "La fecha no es válida." y nada escrito', async (_caso, llamar) => {
    const antes = await fotografia();
    const r = await llamar();
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.fechaInvalida);
    expect(await fotografia()).toEqual(antes);
  });

  it('el último día admitido (2999-12-31, martes) se agenda normalmente', async () => {
    const r = await ag.api.crearCita({ fecha: '2999-12-31', hora_inicio: '10:00' });
    expect(r.statusCode).toBe(201);
    expect(json(r)).toMatchObject({ fecha: '2999-12-31', hora_inicio: '10:00', hora_fin: '11:00' });
  });
});

describe('caracteres que PostgreSQL no puede guardar', () => {
  // A NUL inside the notes or the motivo used to reach the database and answer 500
  // 'Existe un error en el servidor'.
  it.each([
    ['notas al crear', () => ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '12:00', notas: 'Duelo\u0000reciente' })],
    ['motivo de una excepción', () => ag.api.crearExcepcion({ fecha: '2027-03-05', motivo: 'Congreso\u0000' })],
    [
      'notas de la solicitud del paciente',
      () =>
        crudo(
          ag.p.tokensPacientes[0],
          'POST',
          '/api/paciente/citas/solicitar',
          JSON.stringify({ fecha: '2027-03-03', hora_inicio: '12:00', notas: 'a\u0000b' }),
        ),
    ],
    ['media pareja sustituta en las notas', () => ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '12:00', notas: 'nota \ud83d' })],
  ])('%s → 400 "%s" en español y nada escrito', async (_caso, llamar) => {
    const antes = await fotografia();
    const r = await llamar();
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.textoInvalido);
    expect(await fotografia()).toEqual(antes);
  });

  it('una duración de solo espacios cuenta como vacía: 60 minutos (spec 1 §5)', async () => {
    const r = await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '12:00', duracion: '  ' });
    expect(r.statusCode).toBe(201);
    expect(json(r)).toMatchObject({ duracion: 60, hora_fin: '13:00' });
  });
});
