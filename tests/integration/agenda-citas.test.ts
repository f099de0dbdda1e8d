import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { cita } from '@miduelo/server/db/schema/agenda';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crearPaciente, crearPsicologo } from '../helpers/fabricas';
import { crearPractica, json, type Practica, psicologoApi, refirmar, usarAppDeAgenda } from '../helpers/agenda';
import { conAvisoCaido } from '../helpers/aviso';

const contarCitas = async () => (await ag.t.db.select().from(cita).where(eq(cita.id_psicologo, ag.p.psicologo.id_psicologo))).length;

const ag = usarAppDeAgenda();

describe('POST /api/psicologo/citas — datos obligatorios y formato', () => {
  it.each([
    [{ fecha: '' }],
    [{ fecha: undefined }],
    [{ hora_inicio: '' }],
    [{ hora_inicio: undefined }],
    [{ id_paciente: '' }],
    [{ id_paciente: null }],
  ])('sin fecha, hora o paciente (%o) responde "Faltan datos obligatorios." y no escribe nada', async (cambio) => {
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', ...cambio });
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.faltanDatos);
    expect(await contarCitas()).toBe(0);
  });

  it.each([
    [{ fecha: '2027-02-30' }, MSG_AGENDA.fechaInvalida],
    [{ hora_inicio: '25:00' }, MSG_AGENDA.horaInvalida],
    [{ duracion: 10 }, MSG_AGENDA.duracionMinima],
    [{ duracion: 20 }, MSG_AGENDA.duracionPaso],
    [{ duracion: 'media hora' }, MSG_AGENDA.duracionEntera],
    [{ modalidad: 'Telefónica' }, MSG_AGENDA.modalidadInvalida],
    [{ estado: 'realizada' }, MSG_AGENDA.estadoInvalido],
    [{ notas: 'x'.repeat(501) }, MSG_AGENDA.notasLargas],
    [{ hora_fin: '10:30', duracion: 60 }, MSG_AGENDA.finNoCoincide],
    [{ hora_fin: '09:00' }, MSG_AGENDA.finMayorQueInicio],
    [{ hora_fin: '10:20' }, MSG_AGENDA.duracionPaso],
  ])('rechaza %o con "%s"', async (cambio, mensaje) => {
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', ...cambio });
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(mensaje);
    expect(await contarCitas()).toBe(0);
  });
});

describe('POST /api/psicologo/citas — reglas', () => {
  it('crea con los valores por omisión: 60 minutos, fin = inicio + duración, agenda de la semana creada al vuelo', async () => {
    const r = await ag.api.crearCita({
      fecha: '2027-03-02',
      hora_inicio: '10:00',
      duracion: '',
      notas: '  Primera sesión  ',
      campo_extra: 'x',
    });
    expect(r.statusCode).toBe(201);
    const c = json(r);
    expect(c).toEqual({
      id_cita: expect.any(Number),
      id_agenda: expect.any(Number),
      id_paciente: ag.p.pacientes[0].id_paciente,
      fecha: '2027-03-02',
      hora_inicio: '10:00',
      hora_fin: '11:00',
      duracion: 60,
      modalidad: 'Presencial',
      estado: 'pendiente',
      notas: 'Primera sesión',
      origen: 'psicologo',
      version: 1,
      paciente: { nombre: 'Tomás', apellido_paterno: 'Paciente', apellido_materno: 'Ruiz' },
      // No loss recorded: no anniversary mark (decision 128).
      aniversario: false,
    });
    const agenda = json<{ agenda: { id_agenda: number; semana_inicio: string; semana_fin: string } }>(await ag.api.agenda('2027-03-01'));
    expect(agenda.agenda).toMatchObject({ id_agenda: c.id_agenda, semana_inicio: '2027-03-01', semana_fin: '2027-03-07' });
  });

  it('acepta hora_fin en lugar de duración y calcula la duración', async () => {
    const r = await ag.api.crearCita({
      fecha: '2027-03-03',
      hora_inicio: '12:00',
      hora_fin: '13:30',
      modalidad: 'En línea',
      estado: 'confirmada',
    });
    expect(r.statusCode).toBe(201);
    expect(json(r)).toMatchObject({ duracion: 90, hora_fin: '13:30', modalidad: 'En línea', estado: 'confirmada' });
  });

  it('no permite fechas pasadas ni horas de hoy que ya pasaron (hoy = lunes 09:00 en la Ciudad de México)', async () => {
    let r = await ag.api.crearCita({ fecha: '2027-02-28', hora_inicio: '12:00' });
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.fechaPasada);
    r = await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '09:00' });
    expect(json(r).msg).toBe(MSG_AGENDA.horaPasada);
    r = await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '08:45', duracion: 30 });
    expect(json(r).msg).toBe(MSG_AGENDA.horaPasada);
    expect(await contarCitas()).toBe(0);
    r = await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '09:15' });
    expect(r.statusCode).toBe(201);
  });

  it('el paciente debe ser de este psicólogo: uno ajeno responde 404 sin crear nada', async () => {
    const otro = await crearPsicologo(ag.t.db);
    const ajeno = await crearPaciente(ag.t.db, { id_psicologo: otro.id_psicologo });
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: ajeno.id_paciente });
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe(MSG_AGENDA.pacienteNoEncontrado);
    expect((await ag.t.db.select().from(cita).where(eq(cita.id_paciente, ajeno.id_paciente))).length).toBe(0);
  });

  it.each([
    ['sábado (sin disponibilidad por omisión)', { fecha: '2027-03-06', hora_inicio: '10:00' }],
    ['antes de las 9:00', { fecha: '2027-03-02', hora_inicio: '08:00' }],
    ['termina después de las 18:30', { fecha: '2027-03-02', hora_inicio: '18:00', duracion: 60 }],
    ['termina al día siguiente', { fecha: '2027-03-02', hora_inicio: '23:30', duracion: 60 }],
  ])('fuera de la disponibilidad (%s) el mensaje menciona "disponibilidad"', async (_caso, cuerpo) => {
    const r = await ag.api.crearCita(cuerpo);
    expect(r.statusCode).toBe(400);
    expect(json<{ msg: string }>(r).msg).toMatch(/disponibilidad/);
    expect(await contarCitas()).toBe(0);
  });

  it('18:30 exacto cabe (fin inclusivo de la disponibilidad)', async () => {
    const r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '17:30', duracion: 60 });
    expect(r.statusCode).toBe(201);
  });

  it('no se empalma con otra cita activa; contigua sí; una cancelada no ocupa', async () => {
    expect((await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', duracion: 60 })).statusCode).toBe(201);
    let r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:45', id_paciente: ag.p.pacientes[1].id_paciente });
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.horarioOcupado);
    r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '09:15', duracion: 60 });
    expect(r.statusCode).toBe(409);
    expect((await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '11:00' })).statusCode).toBe(201);
    expect((await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '09:00' })).statusCode).toBe(201);
    expect(await contarCitas()).toBe(3);
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00' }));
    await ag.api.actualizarCita(c.id_cita, { estado: 'cancelada' });
    expect(
      (await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00', id_paciente: ag.p.pacientes[1].id_paciente })).statusCode,
    ).toBe(201);
  });

  it('las citas de otro psicólogo no bloquean su horario', async () => {
    const otra = await crearPractica(ag.t);
    expect((await psicologoApi(ag.t, otra).crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' })).statusCode).toBe(201);
    expect((await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' })).statusCode).toBe(201);
  });

  it('id_agenda: de otra semana → la de la fecha (decisión 391); de otro psicólogo → 404; la propia de esa semana → se usa', async () => {
    const semana = json<{ agenda: { id_agenda: number } }>(await ag.api.crearAgenda('2027-03-08', '2027-03-14')).agenda;
    let r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_agenda: semana.id_agenda });
    expect(r.statusCode).toBe(201);
    expect(json(r).id_agenda).not.toBe(semana.id_agenda);
    await ag.api.eliminarCita(json<{ id_cita: number }>(r).id_cita);
    const otra = await crearPractica(ag.t);
    const ajena = json<{ agenda: { id_agenda: number } }>(await psicologoApi(ag.t, otra).crearAgenda('2027-03-01', '2027-03-07')).agenda;
    r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_agenda: ajena.id_agenda });
    expect(r.statusCode).toBe(404);
    expect(await contarCitas()).toBe(0);
    r = await ag.api.crearCita({ fecha: '2027-03-09', hora_inicio: '10:00', id_agenda: semana.id_agenda });
    expect(r.statusCode).toBe(201);
    expect(json(r).id_agenda).toBe(semana.id_agenda);
  });

  it('una cuenta limitada (cédula sin validar tras la gracia) no crea citas', async () => {
    const limitado = await crearPsicologo(ag.t.db, { cedula_validada: false, createdAt: new Date('2026-01-01T00:00:00Z') });
    const pac = await crearPaciente(ag.t.db, { id_psicologo: limitado.id_psicologo });
    const lim: Practica = { psicologo: limitado, token: '', pacientes: [pac], tokensPacientes: [] };
    refirmar(ag.t, lim);
    const r = await psicologoApi(ag.t, lim).crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' });
    expect(r.statusCode).toBe(403);
    expect(json(r).code).toBe('CUENTA_LIMITADA');
    expect((await ag.t.db.select().from(cita).where(eq(cita.id_psicologo, limitado.id_psicologo))).length).toBe(0);
  });
});

describe('GET /api/psicologo/citas/{id_agenda}', () => {
  it('lista las citas de esa semana (incluidas las canceladas) en orden, sin las de otras semanas', async () => {
    const b = json<{ id_cita: number; id_agenda: number }>(await ag.api.crearCita({ fecha: '2027-03-04', hora_inicio: '12:00' }));
    const a = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '16:00', estado: 'cancelada' }));
    await ag.api.crearCita({ fecha: '2027-03-09', hora_inicio: '12:00' });
    const r = await ag.api.citasDeAgenda(b.id_agenda);
    expect(r.statusCode).toBe(200);
    expect(json<Array<{ id_cita: number }>>(r).map((c) => c.id_cita)).toEqual([a.id_cita, b.id_cita]);
  });
});

describe('PUT /api/psicologo/citas/{id_cita}', () => {
  it('cambia el estado a cualquiera de los tres y sube la versión', async () => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    for (const [estado, version] of [
      ['confirmada', 2],
      ['cancelada', 3],
      ['pendiente', 4],
    ] as const) {
      const r = await ag.api.actualizarCita(c.id_cita, { estado });
      expect(r.statusCode).toBe(200);
      expect(json(r)).toMatchObject({ estado, version });
    }
    const r = await ag.api.actualizarCita(c.id_cita, { estado: 'pendiente' });
    expect(json(r).version).toBe(4);
  });

  it('reagenda conservando la duración y cambia de agenda al cambiar de semana', async () => {
    const c = json<{ id_cita: number; id_agenda: number }>(
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', duracion: 90 }),
    );
    const r = await ag.api.actualizarCita(c.id_cita, { fecha: '2027-03-10', hora_inicio: '15:00' });
    expect(r.statusCode).toBe(200);
    const nueva = json(r);
    expect(nueva).toMatchObject({ fecha: '2027-03-10', hora_inicio: '15:00', hora_fin: '16:30', duracion: 90 });
    expect(nueva.id_agenda).not.toBe(c.id_agenda);
    const semana = json<{ agenda: { id_agenda: number } }>(await ag.api.agenda('2027-03-08')).agenda;
    expect(nueva.id_agenda).toBe(semana.id_agenda);
  });

  it.each([
    [{ fecha: '2027-02-26', hora_inicio: '10:00' }, MSG_AGENDA.reagendarFechaPasada],
    [{ fecha: '2027-03-01', hora_inicio: '08:00' }, MSG_AGENDA.reagendarHoraPasada],
    [{ fecha: '2027-03-01', hora_inicio: '09:00' }, MSG_AGENDA.reagendarHoraPasada],
    [{ fecha: '2027-03-05' }, MSG_AGENDA.reagendarIncompleto],
    [{ hora_inicio: '11:00' }, MSG_AGENDA.reagendarIncompleto],
    [{}, MSG_AGENDA.actualizacionVacia],
    [{ estado: 'realizada' }, MSG_AGENDA.estadoInvalido],
  ])('rechaza %o con "%s" y no cambia nada', async (cuerpo, mensaje) => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    const r = await ag.api.actualizarCita(c.id_cita, cuerpo);
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(mensaje);
    const [fila] = await ag.t.db.select().from(cita).where(eq(cita.id_cita, c.id_cita));
    expect(fila).toMatchObject({ fecha: '2027-03-02', hora_inicio: '10:00:00', version: 1 });
  });

  it('reagendar respeta disponibilidad y empalmes (excluyéndose a sí misma)', async () => {
    const a = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', id_paciente: ag.p.pacientes[1].id_paciente });
    let r = await ag.api.actualizarCita(a.id_cita, { fecha: '2027-03-02', hora_inicio: '11:30' });
    expect(r.statusCode).toBe(409);
    expect(json(r).msg).toBe(MSG_AGENDA.horarioOcupado);
    r = await ag.api.actualizarCita(a.id_cita, { fecha: '2027-03-07', hora_inicio: '10:00' });
    expect(r.statusCode).toBe(400);
    expect(json<{ msg: string }>(r).msg).toMatch(/disponibilidad/);
    r = await ag.api.actualizarCita(a.id_cita, { fecha: '2027-03-02', hora_inicio: '10:30' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ hora_inicio: '10:30', hora_fin: '11:30' });
  });

  it('reactivar una cita cancelada cuyo horario ya se ocupó responde 409', async () => {
    const a = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', estado: 'cancelada' }));
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: ag.p.pacientes[1].id_paciente });
    const r = await ag.api.actualizarCita(a.id_cita, { estado: 'confirmada' });
    expect(r.statusCode).toBe(409);
    const [fila] = await ag.t.db.select().from(cita).where(eq(cita.id_cita, a.id_cita));
    expect(fila.estado).toBe('cancelada');
  });

  it('una cita inexistente responde 404', async () => {
    const r = await ag.api.actualizarCita(999_999, { estado: 'confirmada' });
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe(MSG_AGENDA.citaNoEncontrada);
  });
});

describe('DELETE /api/psicologo/citas/{id_cita} y duplicadas', () => {
  it('elimina la cita; una segunda vez responde 404', async () => {
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    let r = await ag.api.eliminarCita(c.id_cita);
    expect(r.statusCode).toBe(200);
    expect(json(r).msg).toBe(MSG_AGENDA.citaEliminada);
    expect(await contarCitas()).toBe(0);
    r = await ag.api.eliminarCita(c.id_cita);
    expect(r.statusCode).toBe(404);
  });

  it('Eliminar duplicadas borra las otras citas del mismo paciente el mismo día y conserva la abierta', async () => {
    const [pa, pb] = ag.p.pacientes.map((x) => x.id_paciente);
    const abierta = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: pa }));
    const dup1 = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '15:00', id_paciente: pa }));
    const dup2 = json<{ id_cita: number }>(
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: pa, estado: 'cancelada' }),
    );
    const otroDia = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00', id_paciente: pa }));
    const otroPaciente = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', id_paciente: pb }));
    const r = await ag.api.del(`/api/psicologo/citas/${abierta.id_cita}/duplicadas`);
    expect(r.statusCode).toBe(200);
    expect(json<{ eliminadas: number[] }>(r).eliminadas.sort()).toEqual([dup1.id_cita, dup2.id_cita].sort());
    expect(json(r).msg).toBe('Se eliminaron 2 citas duplicadas');
    const quedan = (await ag.t.db.select({ id: cita.id_cita }).from(cita).where(eq(cita.id_psicologo, ag.p.psicologo.id_psicologo))).map(
      (x) => x.id,
    );
    expect(quedan.sort()).toEqual([abierta.id_cita, otroDia.id_cita, otroPaciente.id_cita].sort());
    const otra = await ag.api.del(`/api/psicologo/citas/${abierta.id_cita}/duplicadas`);
    expect(json(otra)).toEqual({ msg: 'No había citas duplicadas', eliminadas: [] });
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  const citas = async () =>
    ag.t.db.select({ id: cita.id_cita, estado: cita.estado }).from(cita).where(eq(cita.id_psicologo, ag.p.psicologo.id_psicologo));

  it('crear: 201 y una sola cita', async () => {
    const r = await conAvisoCaido(ag.t, () => ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    expect(r.statusCode, r.body).toBe(201);
    expect(await citas()).toEqual([{ id: json<{ id_cita: number }>(r).id_cita, estado: 'pendiente' }]);
  });

  it('cambiar el estado, eliminar y eliminar duplicadas: 200 con el cambio guardado', async () => {
    const pa = ag.p.pacientes[0].id_paciente;
    const a = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', id_paciente: pa }));
    const b = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '15:00', id_paciente: pa }));
    const c = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00', id_paciente: pa }));
    const cambio = await conAvisoCaido(ag.t, () => ag.api.actualizarCita(c.id_cita, { estado: 'confirmada' }));
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(json(cambio)).toMatchObject({ id_cita: c.id_cita, estado: 'confirmada' });
    const dup = await conAvisoCaido(ag.t, () => ag.api.del(`/api/psicologo/citas/${a.id_cita}/duplicadas`));
    expect(dup.statusCode, dup.body).toBe(200);
    expect(json(dup)).toEqual({ msg: 'Se eliminó 1 cita duplicada', eliminadas: [b.id_cita] });
    const borrar = await conAvisoCaido(ag.t, () => ag.api.eliminarCita(a.id_cita));
    expect(borrar.statusCode, borrar.body).toBe(200);
    expect(json(borrar).msg).toBe(MSG_AGENDA.citaEliminada);
    expect(await citas()).toEqual([{ id: c.id_cita, estado: 'confirmada' }]);
  });
});

describe('zona horaria de la clínica (America/Mexico_City)', () => {
  it('a las 22:30 del lunes en CDMX (ya martes en UTC) "hoy" sigue siendo lunes', async () => {
    // Availability late on Monday so that the time rule, not availability, decides.
    expect((await ag.api.agregarDisponibilidad('Lunes', '20:00', '23:45')).statusCode).toBe(201);
    expect((await ag.api.agregarDisponibilidad('Martes', '09:00', '18:30')).statusCode).toBe(201);
    ag.t.reloj.fijar('2027-03-02T04:30:00Z');
    refirmar(ag.t, ag.p);
    let r = await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '22:00', duracion: 30 });
    expect(r.statusCode).toBe(400);
    expect(json(r).msg).toBe(MSG_AGENDA.horaPasada);
    r = await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '23:00', duracion: 30 });
    expect(r.statusCode).toBe(201);
    r = await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '09:00' });
    expect(r.statusCode).toBe(201);
  });

  it('el domingo por la noche en CDMX la semana actual sigue siendo la del lunes anterior', async () => {
    await ag.api.crearAgenda('2027-03-01', '2027-03-07');
    ag.t.reloj.fijar('2027-03-08T04:00:00Z'); // domingo 7 de marzo, 22:00 en CDMX
    refirmar(ag.t, ag.p);
    const r = await ag.api.agenda();
    expect(r.statusCode).toBe(200);
    expect(json<{ agenda: { semana_inicio: string } }>(r).agenda.semana_inicio).toBe('2027-03-01');
  });
});
