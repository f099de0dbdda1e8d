// Another psychologist, holding a valid session, tries every agenda and patient route against the
// first one's ids: refused (403 when the path names the psychologist, 404 otherwise, with the same
// body as an id that does not exist) and nothing of the first psychologist changes.
import { agenda, cita, disponibilidad, excepcion } from '@miduelo/server/db/schema/agenda';
import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPractica, INSTANTE_LUNES_9, json, type Practica, psicologoApi } from '../helpers/agenda';

let t: AppDePrueba;
let a: Practica;
let b: Practica;
let ids: { agenda: number; cita: number; franja: number; excepcion: number; paciente: number; psicologo: number };

async function fotografia() {
  const id = a.psicologo.id_psicologo;
  return {
    agenda: await t.db.select().from(agenda).where(eq(agenda.id_psicologo, id)),
    cita: await t.db.select().from(cita).where(eq(cita.id_psicologo, id)),
    disponibilidad: await t.db.select().from(disponibilidad).where(eq(disponibilidad.id_psicologo, id)),
    excepcion: await t.db.select().from(excepcion).where(eq(excepcion.id_psicologo, id)),
  };
}
let antes: Awaited<ReturnType<typeof fotografia>>;

beforeAll(async () => {
  t = await crearAppDePrueba();
  t.reloj.fijar(INSTANTE_LUNES_9);
  a = await crearPractica(t);
  b = await crearPractica(t);
  const apiA = psicologoApi(t, a);
  const franja = json<{ id_disponibilidad: number }>(await apiA.agregarDisponibilidad('Lunes', '09:00', '18:00'));
  await apiA.agregarDisponibilidad('Martes', '09:00', '18:00');
  const c = json<{ id_cita: number; id_agenda: number }>(
    await apiA.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', notas: 'Nota clínica de A' }),
  );
  await apiA.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00' });
  const e = json<{ id_excepcion: number }>(await apiA.crearExcepcion({ fecha: '2027-03-05', motivo: 'Personal' }));
  ids = {
    agenda: c.id_agenda,
    cita: c.id_cita,
    franja: franja.id_disponibilidad,
    excepcion: e.id_excepcion,
    paciente: a.pacientes[0].id_paciente,
    psicologo: a.psicologo.id_psicologo,
  };
  antes = await fotografia();
});
afterAll(() => t.cerrar());

describe('otro psicólogo no alcanza nada de esta agenda ni de estos pacientes', () => {
  const casos: Array<[string, () => { metodo: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; cuerpo?: object }, number]> = [
    ['GET /agenda/{id ajeno}', () => ({ metodo: 'GET', url: `/api/psicologo/agenda/${ids.psicologo}?semana_inicio=2027-03-01` }), 403],
    [
      'POST /agenda con id ajeno',
      () => ({
        metodo: 'POST',
        url: '/api/psicologo/agenda',
        cuerpo: { id_psicologo: ids.psicologo, semana_inicio: '2027-03-08', semana_fin: '2027-03-14' },
      }),
      403,
    ],
    ['GET /citas/{agenda ajena}', () => ({ metodo: 'GET', url: `/api/psicologo/citas/${ids.agenda}` }), 404],
    [
      'POST /citas con paciente ajeno',
      () => ({
        metodo: 'POST',
        url: '/api/psicologo/citas',
        cuerpo: { id_paciente: ids.paciente, fecha: '2027-03-03', hora_inicio: '10:00' },
      }),
      404,
    ],
    [
      'POST /citas en agenda ajena',
      () => ({
        metodo: 'POST',
        url: '/api/psicologo/citas',
        cuerpo: { id_agenda: ids.agenda, id_paciente: b.pacientes[0].id_paciente, fecha: '2027-03-03', hora_inicio: '10:00' },
      }),
      404,
    ],
    ['PUT /citas/{ajena} estado', () => ({ metodo: 'PUT', url: `/api/psicologo/citas/${ids.cita}`, cuerpo: { estado: 'cancelada' } }), 404],
    [
      'PUT /citas/{ajena} reagendar',
      () => ({ metodo: 'PUT', url: `/api/psicologo/citas/${ids.cita}`, cuerpo: { fecha: '2027-03-04', hora_inicio: '11:00' } }),
      404,
    ],
    ['DELETE /citas/{ajena}', () => ({ metodo: 'DELETE', url: `/api/psicologo/citas/${ids.cita}` }), 404],
    ['DELETE /citas/{ajena}/duplicadas', () => ({ metodo: 'DELETE', url: `/api/psicologo/citas/${ids.cita}/duplicadas` }), 404],
    ['GET /disponibilidad/{id ajeno}', () => ({ metodo: 'GET', url: `/api/psicologo/disponibilidad/${ids.psicologo}` }), 403],
    [
      'POST /disponibilidad con id ajeno',
      () => ({
        metodo: 'POST',
        url: '/api/psicologo/disponibilidad',
        cuerpo: { id_psicologo: ids.psicologo, dia_semana: 'Sábado', hora_inicio: '09:00', hora_fin: '12:00' },
      }),
      403,
    ],
    [
      'PUT /disponibilidad/{ajena}',
      () => ({
        metodo: 'PUT',
        url: `/api/psicologo/disponibilidad/${ids.franja}`,
        cuerpo: { dia_semana: 'Lunes', hora_inicio: '07:00', hora_fin: '08:00' },
      }),
      404,
    ],
    [
      'PUT /disponibilidad/{ajena} con id ajeno',
      () => ({
        metodo: 'PUT',
        url: `/api/psicologo/disponibilidad/${ids.franja}`,
        cuerpo: { id_psicologo: ids.psicologo, dia_semana: 'Lunes', hora_inicio: '07:00', hora_fin: '08:00' },
      }),
      403,
    ],
    [
      'DELETE /disponibilidad/{id ajeno}/Lunes/09:00',
      () => ({ metodo: 'DELETE', url: `/api/psicologo/disponibilidad/${ids.psicologo}/Lunes/09:00` }),
      403,
    ],
    ['GET /excepcion/{id ajeno}', () => ({ metodo: 'GET', url: `/api/psicologo/excepcion/${ids.psicologo}` }), 403],
    ['DELETE /excepcion/{ajena}', () => ({ metodo: 'DELETE', url: `/api/psicologo/excepcion/${ids.excepcion}` }), 404],
    ['GET /paciente/{ajeno}', () => ({ metodo: 'GET', url: `/api/psicologo/paciente/${ids.paciente}` }), 404],
    ['GET /paciente/{ajeno}/proxima-cita', () => ({ metodo: 'GET', url: `/api/psicologo/paciente/${ids.paciente}/proxima-cita` }), 404],
  ];

  it.each(casos)('%s → %i', async (_nombre, caso, estado) => {
    const { metodo, url, cuerpo } = caso();
    const r = await t.app.inject({
      method: metodo,
      url,
      headers: { authorization: `Bearer ${b.token}` },
      ...(cuerpo ? { payload: cuerpo } : {}),
    });
    expect(r.statusCode).toBe(estado);
    if (estado === 403) expect(json(r).msg).toBe(MSG_AGENDA.otroPsicologo);
    expect(r.body).not.toContain('Nota clínica de A');
    expect(r.body).not.toContain(a.pacientes[0].email);
    expect(await fotografia()).toEqual(antes);
  });

  it('un id ajeno y uno inexistente responden exactamente igual (no se puede sondear qué existe)', async () => {
    const ver = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${b.token}` } });
    const ajeno = await ver(`/api/psicologo/paciente/${ids.paciente}`);
    const inexistente = await ver('/api/psicologo/paciente/2000000000');
    expect([ajeno.statusCode, ajeno.body]).toEqual([inexistente.statusCode, inexistente.body]);
    const citaAjena = await t.app.inject({
      method: 'PUT',
      url: `/api/psicologo/citas/${ids.cita}`,
      headers: { authorization: `Bearer ${b.token}` },
      payload: { estado: 'confirmada' },
    });
    const citaInexistente = await t.app.inject({
      method: 'PUT',
      url: '/api/psicologo/citas/2000000000',
      headers: { authorization: `Bearer ${b.token}` },
      payload: { estado: 'confirmada' },
    });
    expect([citaAjena.statusCode, citaAjena.body]).toEqual([citaInexistente.statusCode, citaInexistente.body]);
  });

  it('la lista de pacientes de B no incluye a los de A', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/psicologo/lista-pacientes', headers: { authorization: `Bearer ${b.token}` } });
    expect(
      json<Array<{ id_paciente: number }>>(r)
        .map((x) => x.id_paciente)
        .sort(),
    ).toEqual(b.pacientes.map((x) => x.id_paciente).sort());
  });

  it('sin sesión, toda ruta de agenda responde 401', async () => {
    for (const url of [
      `/api/psicologo/agenda/${ids.psicologo}`,
      `/api/psicologo/citas/${ids.agenda}`,
      `/api/psicologo/disponibilidad/${ids.psicologo}`,
      '/api/psicologo/lista-pacientes',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
