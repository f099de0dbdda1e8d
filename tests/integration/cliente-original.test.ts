// What the original system's web client reads from our answers (issue 11): the next appointment as
// the body itself, any capitalisation of `estado`, and agenda refusals with their text in `error`.
import { cita } from '@miduelo/server/db/schema/agenda';
import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, usarAppDeAgenda } from '../helpers/agenda';

const ag = usarAppDeAgenda();

describe('estado con cualquier mayúscula', () => {
  it("'Pendiente' y 'CONFIRMADA' se aceptan y se guardan en su forma canónica", async () => {
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', estado: 'Pendiente' });
    expect(r.statusCode).toBe(201);
    const { id_cita, estado } = json<{ id_cita: number; estado: string }>(r);
    expect(estado).toBe('pendiente');
    const u = await ag.api.actualizarCita(id_cita, { estado: 'CONFIRMADA' });
    expect(u.statusCode).toBe(200);
    expect(json(u).estado).toBe('confirmada');
    const [fila] = await ag.t.db.select({ estado: cita.estado }).from(cita).where(eq(cita.id_cita, id_cita));
    expect(fila.estado).toBe('confirmada');
  });

  it('un estado que no existe sigue rechazado con el mensaje en español, en msg y en error', async () => {
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', estado: 'Realizada' });
    expect(r.statusCode).toBe(400);
    expect(json(r)).toMatchObject({ msg: MSG_AGENDA.estadoInvalido, error: MSG_AGENDA.estadoInvalido });
  });
});

describe('errores de la agenda con `error`', () => {
  it('una cita fuera de la disponibilidad trae el mismo texto en msg y en error', async () => {
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '22:00' });
    expect(r.statusCode).toBeGreaterThanOrEqual(400);
    const cuerpo = json<{ msg: string; error: string }>(r);
    expect(cuerpo.msg.length).toBeGreaterThan(0);
    expect(cuerpo.error).toBe(cuerpo.msg);
  });

  it('un horario de disponibilidad solapado también', async () => {
    expect((await ag.api.agregarDisponibilidad('Lunes', '09:00', '12:00')).statusCode).toBe(201);
    const r = await ag.api.agregarDisponibilidad('Lunes', '11:00', '13:00');
    expect(r.statusCode).toBe(409);
    expect(json(r)).toMatchObject({ msg: MSG_AGENDA.disponibilidadSolapada, error: MSG_AGENDA.disponibilidadSolapada });
  });

  it('las rutas que no son de la agenda no ganan el campo', async () => {
    const r = await ag.api.get('/api/psicologo/paciente/999999');
    expect(r.statusCode).toBe(404);
    expect(json(r)).not.toHaveProperty('error');
  });
});
