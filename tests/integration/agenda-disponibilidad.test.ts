import { MSG_AGENDA, mensajeExcepcion, TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { cita, disponibilidad, excepcion } from '@miduelo/server/db/schema/agenda';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, refirmar, usarAppDeAgenda } from '../helpers/agenda';
import { conAvisoCaido } from '../helpers/aviso';

type Franja = { id_disponibilidad: number; id_psicologo: number; dia_semana: string; hora_inicio: string; hora_fin: string };
const filas = async () => ag.t.db.select().from(disponibilidad).where(eq(disponibilidad.id_psicologo, ag.p.psicologo.id_psicologo));
const excepciones = async () => ag.t.db.select().from(excepcion).where(eq(excepcion.id_psicologo, ag.p.psicologo.id_psicologo));

const ag = usarAppDeAgenda();

describe('disponibilidad', () => {
  it('sin horarios, GET crea el horario por defecto de lunes a viernes de 09:00 a 18:30 (una sola vez)', async () => {
    expect(TEXTOS_AGENDA.sinDisponibilidad).toBe('No hay horarios configurados. Se creará un horario por defecto de 9:00 AM a 6:30 PM.');
    const rs = await Promise.all([ag.api.disponibilidad(), ag.api.disponibilidad(), ag.api.disponibilidad()]);
    for (const r of rs) expect(r.statusCode).toBe(200);
    const lista = json<Franja[]>(rs[0]);
    expect(lista.map((d) => [d.dia_semana, d.hora_inicio, d.hora_fin])).toEqual(
      ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'].map((d) => [d, '09:00', '18:30']),
    );
    expect(lista[0]).toEqual({
      id_disponibilidad: expect.any(Number),
      id_psicologo: ag.p.psicologo.id_psicologo,
      dia_semana: 'Lunes',
      hora_inicio: '09:00',
      hora_fin: '18:30',
    });
    expect(await filas()).toHaveLength(5);
    await ag.api.disponibilidad();
    expect(await filas()).toHaveLength(5);
  });

  it('agrega varios horarios el mismo día (hora de comida) y el orden es Lunes…Domingo, por hora', async () => {
    for (const [d, i, f] of [
      ['Sábado', '10:00', '13:00'],
      ['Lunes', '15:00', '18:30'],
      ['Lunes', '09:00', '14:00'],
    ]) {
      const r = await ag.api.agregarDisponibilidad(d, i, f);
      expect(r.statusCode).toBe(201);
      expect(json(r)).toMatchObject({ dia_semana: d, hora_inicio: i, hora_fin: f });
    }
    const lista = json<Franja[]>(await ag.api.disponibilidad());
    expect(lista.map((d) => `${d.dia_semana} ${d.hora_inicio}-${d.hora_fin}`)).toEqual([
      'Lunes 09:00-14:00',
      'Lunes 15:00-18:30',
      'Sábado 10:00-13:00',
    ]);
  });

  it.each([
    [{ dia_semana: 'Lunes', hora_inicio: '', hora_fin: '10:00' }, MSG_AGENDA.disponibilidadIncompleta],
    [{ dia_semana: 'Lunes', hora_inicio: '09:00' }, MSG_AGENDA.disponibilidadIncompleta],
    [{ dia_semana: 'Lunes', hora_inicio: '10:00', hora_fin: '10:00' }, MSG_AGENDA.finMayorQueInicio],
    [{ dia_semana: 'Lunes', hora_inicio: '11:00', hora_fin: '10:00' }, MSG_AGENDA.finMayorQueInicio],
    [{ dia_semana: 'Funday', hora_inicio: '09:00', hora_fin: '10:00' }, MSG_AGENDA.diaInvalido],
    [{ dia_semana: 'Lunes', hora_inicio: '9', hora_fin: '10:00' }, MSG_AGENDA.horaInvalida],
  ])('rechaza %o con "%s" sin escribir', async (cuerpo, mensaje) => {
    const r = await ag.api.post('/api/psicologo/disponibilidad', cuerpo);
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(mensaje);
    expect(await filas()).toHaveLength(0);
  });

  it('no permite horarios empalmados el mismo día; contiguos sí; otro día sí', async () => {
    await ag.api.agregarDisponibilidad('Martes', '09:00', '13:00');
    let r = await ag.api.agregarDisponibilidad('Martes', '12:00', '15:00');
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.disponibilidadSolapada);
    r = await ag.api.agregarDisponibilidad('Martes', '09:00', '10:00');
    expect(r.statusCode).toBe(409);
    expect((await ag.api.agregarDisponibilidad('Martes', '13:00', '15:00')).statusCode).toBe(201);
    expect((await ag.api.agregarDisponibilidad('Miércoles', '12:00', '15:00')).statusCode).toBe(201);
    expect(await filas()).toHaveLength(3);
  });

  it('PUT /disponibilidad/{id} cambia un horario; un empalme con otro del día responde 409', async () => {
    const a = json<Franja>(await ag.api.agregarDisponibilidad('Jueves', '09:00', '12:00'));
    await ag.api.agregarDisponibilidad('Jueves', '13:00', '17:00');
    let r = await ag.api.put(`/api/psicologo/disponibilidad/${a.id_disponibilidad}`, {
      dia_semana: 'Jueves',
      hora_inicio: '08:00',
      hora_fin: '13:30',
    });
    expect(r.statusCode).toBe(409);
    r = await ag.api.put(`/api/psicologo/disponibilidad/${a.id_disponibilidad}`, {
      dia_semana: 'Jueves',
      hora_inicio: '08:00',
      hora_fin: '13:00',
    });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ id_disponibilidad: a.id_disponibilidad, hora_inicio: '08:00', hora_fin: '13:00' });
    r = await ag.api.put('/api/psicologo/disponibilidad/999999', { dia_semana: 'Jueves', hora_inicio: '08:00', hora_fin: '13:00' });
    expect(r.statusCode).toBe(404);
  });

  it('DELETE /disponibilidad/{id_psicologo}/{dia_semana}/{hora_inicio} borra ese horario (días con acento incluidos)', async () => {
    await ag.api.agregarDisponibilidad('Miércoles', '09:00', '12:00');
    await ag.api.agregarDisponibilidad('Sábado', '10:00', '13:00');
    const id = ag.p.psicologo.id_psicologo;
    let r = await ag.api.del(`/api/psicologo/disponibilidad/${id}/${encodeURIComponent('Miércoles')}/09:00`);
    expect(r.statusCode).toBe(200);
    expect(json(r).msg).toBe(MSG_AGENDA.disponibilidadEliminada);
    r = await ag.api.del(`/api/psicologo/disponibilidad/${id}/${encodeURIComponent('Sábado')}/10:00:00`);
    expect(r.statusCode).toBe(200);
    expect(await filas()).toHaveLength(0);
    r = await ag.api.del(`/api/psicologo/disponibilidad/${id}/Lunes/09:00`);
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe(MSG_AGENDA.disponibilidadNoEncontrada);
  });

  it('la disponibilidad configurada gobierna las reservas: sábado sí, la hora de comida no, dos franjas contiguas sí', async () => {
    await ag.api.agregarDisponibilidad('Martes', '09:00', '14:00');
    await ag.api.agregarDisponibilidad('Martes', '15:00', '18:30');
    await ag.api.agregarDisponibilidad('Miércoles', '09:00', '13:00');
    await ag.api.agregarDisponibilidad('Miércoles', '13:00', '18:00');
    await ag.api.agregarDisponibilidad('Sábado', '10:00', '13:00');
    expect((await ag.api.crearCita({ fecha: '2027-03-06', hora_inicio: '10:00' })).statusCode).toBe(201);
    const comida = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '14:00' });
    expect(comida.statusCode).toBe(400);
    expect(json<{ msg: string }>(comida).msg).toMatch(/disponibilidad/);
    expect((await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '12:30' })).statusCode).toBe(201);
    // Monday now has no slot at all (slots exist on other days): it is not bookable.
    const lunes = await ag.api.crearCita({ fecha: '2027-03-08', hora_inicio: '10:00' });
    expect(json<{ msg: string }>(lunes).msg).toMatch(/disponibilidad/);
  });
});

describe('excepciones (POST /excepcion, GET /excepcion/{id_psicologo}, DELETE /excepcion/{id})', () => {
  type Exc = { id_excepcion: number; fecha: string; hora_inicio: string | null; hora_fin: string | null; motivo: string | null };

  it('un día completo bloqueado impide reservar ese día con un mensaje que menciona disponibilidad', async () => {
    const r = await ag.api.crearExcepcion({ fecha: '2027-03-03', motivo: 'Congreso' });
    expect(r.statusCode).toBe(201);
    expect(json(r)).toEqual({
      id_excepcion: expect.any(Number),
      id_psicologo: ag.p.psicologo.id_psicologo,
      fecha: '2027-03-03',
      hora_inicio: null,
      hora_fin: null,
      motivo: 'Congreso',
    });
    const c = await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00' });
    expect(c.statusCode).toBe(400);
    expect(json<{ msg: string }>(c).msg).toMatch(/disponibilidad/);
    expect(json<{ msg: string }>(c).msg).toContain('Congreso');
    expect((await ag.api.crearCita({ fecha: '2027-03-04', hora_inicio: '10:00' })).statusCode).toBe(201);
  });

  it('un bloqueo de horas impide solo ese intervalo', async () => {
    await ag.api.crearExcepcion({ fecha: '2027-03-05', hora_inicio: '12:00', hora_fin: '14:00' });
    expect((await ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '11:30' })).statusCode).toBe(400);
    expect((await ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '13:45', duracion: 15 })).statusCode).toBe(400);
    expect((await ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '11:00' })).statusCode).toBe(201);
    expect((await ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '14:00' })).statusCode).toBe(201);
  });

  it('reagendar hacia un bloqueo también se rechaza', async () => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    await ag.api.crearExcepcion({ fecha: '2027-03-04' });
    const r = await ag.api.actualizarCita(c.id_cita, { fecha: '2027-03-04', hora_inicio: '10:00' });
    expect(r.statusCode).toBe(400);
    expect(json<{ msg: string }>(r).msg).toMatch(/disponibilidad/);
  });

  it('reactivar una cita cancelada dentro de un bloqueo responde el mismo 400 que reservar ahí y la deja cancelada', async () => {
    type C = { id_cita: number; estado: string };
    const viernes = json<C>(await ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '10:00' }));
    const jueves = json<C>(await ag.api.crearCita({ fecha: '2027-03-04', hora_inicio: '12:00' }));
    for (const c of [viernes, jueves]) expect((await ag.api.actualizarCita(c.id_cita, { estado: 'cancelada' })).statusCode).toBe(200);
    const dia = json<Exc>(await ag.api.crearExcepcion({ fecha: '2027-03-05', motivo: 'Congreso' }));
    expect((await ag.api.crearExcepcion({ fecha: '2027-03-04', hora_inicio: '12:30', hora_fin: '14:00' })).statusCode).toBe(201);
    const reserva = await ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '10:00' });
    expect(reserva.statusCode).toBe(400);
    for (const [c, estado, msg] of [
      [viernes, 'confirmada', json(reserva).msg],
      [jueves, 'pendiente', mensajeExcepcion(null)],
    ] as const) {
      const r = await ag.api.actualizarCita(c.id_cita, { estado });
      expect(r.statusCode).toBe(400);
      expect(json(r).msg).toBe(msg);
      const [fila] = await ag.t.db.select().from(cita).where(eq(cita.id_cita, c.id_cita));
      expect(fila.estado).toBe('cancelada');
    }
    expect(json(reserva).msg).toBe(mensajeExcepcion('Congreso'));
    // Once the day is unblocked, the appointment can be confirmed again.
    await ag.api.del(`/api/psicologo/excepcion/${dia.id_excepcion}`);
    const r = await ag.api.actualizarCita(viernes.id_cita, { estado: 'confirmada' });
    expect(r.statusCode).toBe(200);
    expect(json<C>(r).estado).toBe('confirmada');
  });

  it.each([
    [{}, MSG_AGENDA.excepcionFechaObligatoria],
    [{ fecha: '2027-03-03', hora_inicio: '10:00' }, MSG_AGENDA.excepcionHorasIncompletas],
    [{ fecha: '2027-03-03', hora_inicio: '12:00', hora_fin: '10:00' }, MSG_AGENDA.finMayorQueInicio],
    [{ fecha: '2027-02-28' }, MSG_AGENDA.excepcionPasada],
    [{ fecha: '2027-03-03', motivo: 'm'.repeat(201) }, MSG_AGENDA.motivoLargo],
  ])('rechaza la excepción n.º %# con su mensaje sin escribir', async (cuerpo, mensaje) => {
    const r = await ag.api.crearExcepcion(cuerpo);
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(mensaje);
    expect(await excepciones()).toHaveLength(0);
  });

  it('no bloquea un horario que ya tiene citas activas (409); con la cita cancelada sí', async () => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00' }));
    let r = await ag.api.crearExcepcion({ fecha: '2027-03-03' });
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.excepcionConCitas);
    r = await ag.api.crearExcepcion({ fecha: '2027-03-03', hora_inicio: '10:30', hora_fin: '12:00' });
    expect(r.statusCode).toBe(409);
    expect((await ag.api.crearExcepcion({ fecha: '2027-03-03', hora_inicio: '11:00', hora_fin: '12:00' })).statusCode).toBe(201);
    await ag.api.actualizarCita(c.id_cita, { estado: 'cancelada' });
    expect((await ag.api.crearExcepcion({ fecha: '2027-03-03', hora_inicio: '09:00', hora_fin: '11:00' })).statusCode).toBe(201);
  });

  it('lista las excepciones de hoy en adelante y las elimina', async () => {
    const a = json<Exc>(await ag.api.crearExcepcion({ fecha: '2027-03-10', motivo: 'Vacaciones' }));
    const b = json<Exc>(await ag.api.crearExcepcion({ fecha: '2027-03-01', hora_inicio: '16:00', hora_fin: '18:00' }));
    let r = await ag.api.get(`/api/psicologo/excepcion/${ag.p.psicologo.id_psicologo}`);
    expect(r.statusCode).toBe(200);
    expect(json<Exc[]>(r).map((e) => e.id_excepcion)).toEqual([b.id_excepcion, a.id_excepcion]);
    ag.t.reloj.fijar('2027-03-02T15:00:00Z');
    refirmar(ag.t, ag.p);
    r = await ag.api.get(`/api/psicologo/excepcion/${ag.p.psicologo.id_psicologo}`);
    expect(json<Exc[]>(r).map((e) => e.id_excepcion)).toEqual([a.id_excepcion]);
    r = await ag.api.del(`/api/psicologo/excepcion/${a.id_excepcion}`);
    expect(r.statusCode).toBe(200);
    expect(json(r).msg).toBe(MSG_AGENDA.excepcionEliminada);
    expect((await ag.api.del(`/api/psicologo/excepcion/${a.id_excepcion}`)).statusCode).toBe(404);
    expect(await excepciones()).toHaveLength(1);
    expect((await ag.api.crearCita({ fecha: '2027-03-10', hora_inicio: '10:00' })).statusCode).toBe(201);
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  it('el horario por defecto, agregar, cambiar y borrar un horario: la respuesta de cada uno y lo guardado una vez', async () => {
    const defecto = await conAvisoCaido(ag.t, () => ag.api.disponibilidad());
    expect(defecto.statusCode, defecto.body).toBe(200);
    expect(json<Franja[]>(defecto)).toHaveLength(5);
    expect(await filas()).toHaveLength(5);
    const nueva = await conAvisoCaido(ag.t, () => ag.api.agregarDisponibilidad('Sábado', '10:00', '13:00'));
    expect(nueva.statusCode, nueva.body).toBe(201);
    const f = json<Franja>(nueva);
    expect(await filas()).toHaveLength(6);
    const cambio = await conAvisoCaido(ag.t, () =>
      ag.api.put(`/api/psicologo/disponibilidad/${f.id_disponibilidad}`, { dia_semana: 'Sábado', hora_inicio: '09:00', hora_fin: '12:00' }),
    );
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(json(cambio)).toMatchObject({ id_disponibilidad: f.id_disponibilidad, hora_inicio: '09:00', hora_fin: '12:00' });
    const borrar = await conAvisoCaido(ag.t, () =>
      ag.api.del(`/api/psicologo/disponibilidad/${ag.p.psicologo.id_psicologo}/${encodeURIComponent('Sábado')}/09:00`),
    );
    expect(borrar.statusCode, borrar.body).toBe(200);
    expect(json(borrar).msg).toBe(MSG_AGENDA.disponibilidadEliminada);
    expect((await filas()).map((d) => d.dia_semana)).not.toContain('Sábado');
    expect(await filas()).toHaveLength(5);
  });

  it('crear y eliminar una excepción: 201 / 200 y una sola fila', async () => {
    const r = await conAvisoCaido(ag.t, () => ag.api.crearExcepcion({ fecha: '2027-03-10', motivo: 'Vacaciones' }));
    expect(r.statusCode, r.body).toBe(201);
    const e = json<{ id_excepcion: number }>(r);
    expect((await excepciones()).map((x) => x.id_excepcion)).toEqual([e.id_excepcion]);
    const borrar = await conAvisoCaido(ag.t, () => ag.api.del(`/api/psicologo/excepcion/${e.id_excepcion}`));
    expect(borrar.statusCode, borrar.body).toBe(200);
    expect(json(borrar).msg).toBe(MSG_AGENDA.excepcionEliminada);
    expect(await excepciones()).toEqual([]);
  });
});
