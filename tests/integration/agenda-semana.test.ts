import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { agenda } from '@miduelo/server/db/schema/agenda';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, usarAppDeAgenda } from '../helpers/agenda';

const semanas = async () => ag.t.db.select().from(agenda).where(eq(agenda.id_psicologo, ag.p.psicologo.id_psicologo));

const ag = usarAppDeAgenda();

describe('agenda semanal (GET/POST /api/psicologo/agenda)', () => {
  it('sin agenda para la semana, GET responde 404; POST la crea (201) y GET la devuelve con la forma del spec', async () => {
    let r = await ag.api.agenda('2027-03-01');
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe(MSG_AGENDA.agendaNoEncontrada);
    r = await ag.api.crearAgenda('2027-03-01', '2027-03-07');
    expect(r.statusCode).toBe(201);
    const creada = json(r);
    expect(creada).toEqual({
      agenda: {
        id_agenda: expect.any(Number),
        id_psicologo: ag.p.psicologo.id_psicologo,
        semana_inicio: '2027-03-01',
        semana_fin: '2027-03-07',
      },
    });
    r = await ag.api.agenda('2027-03-01');
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual(creada);
  });

  it('GET con cualquier día de la semana (o sin semana_inicio: la semana actual de la clínica) encuentra la del lunes', async () => {
    await ag.api.crearAgenda('2027-03-01', '2027-03-07');
    expect(json<{ agenda: { semana_inicio: string } }>(await ag.api.agenda('2027-03-04')).agenda.semana_inicio).toBe('2027-03-01');
    expect(json<{ agenda: { semana_inicio: string } }>(await ag.api.agenda()).agenda.semana_inicio).toBe('2027-03-01');
  });

  it('crear es idempotente: la segunda vez responde 200 con la misma agenda', async () => {
    const a = json<{ agenda: { id_agenda: number } }>(await ag.api.crearAgenda('2027-03-08', '2027-03-14'));
    const r = await ag.api.crearAgenda('2027-03-08', '2027-03-14');
    expect(r.statusCode).toBe(200);
    expect(json<{ agenda: { id_agenda: number } }>(r).agenda.id_agenda).toBe(a.agenda.id_agenda);
    expect(await semanas()).toHaveLength(1);
  });

  it('diez solicitudes simultáneas crean una sola agenda y todas reciben la misma', async () => {
    const rs = await Promise.all(Array.from({ length: 10 }, () => ag.api.crearAgenda('2027-03-15', '2027-03-21')));
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(rs.map((r) => json<{ agenda: { id_agenda: number } }>(r).agenda.id_agenda)).size).toBe(1);
    expect(await semanas()).toHaveLength(1);
  });

  it.each([
    [['2027-03-02', '2027-03-08'], MSG_AGENDA.semanaLunes],
    [['2027-03-01', '2027-03-06'], MSG_AGENDA.semanaDomingo],
    [['', '2027-03-07'], MSG_AGENDA.faltanDatos],
    [['2027-13-01', '2027-03-07'], MSG_AGENDA.fechaInvalida],
  ])('rechaza semana %o con "%s" sin escribir', async ([inicio, fin], mensaje) => {
    const r = await ag.api.crearAgenda(inicio, fin);
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(mensaje);
    expect(await semanas()).toHaveLength(0);
  });

  it('sin id_psicologo en el cuerpo usa el del token', async () => {
    const r = await ag.api.post('/api/psicologo/agenda', { semana_inicio: '2027-03-01', semana_fin: '2027-03-07' });
    expect(r.statusCode).toBe(201);
    expect(json<{ agenda: { id_psicologo: number } }>(r).agenda.id_psicologo).toBe(ag.p.psicologo.id_psicologo);
  });

  it('semana_inicio inválida en la consulta responde 400', async () => {
    const r = await ag.api.agenda('ayer');
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.fechaInvalida);
  });
});
