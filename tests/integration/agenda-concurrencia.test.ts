// Bookings for one slot that race: the psychologist's row lock (SELECT ... FOR NO KEY UPDATE in
// the booking transaction) makes exactly one win, on PostgreSQL and on PGlite.
import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { cita } from '@miduelo/server/db/schema/agenda';
import { and, eq, ne } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { crearPaciente, sesionPaciente } from '../helpers/fabricas';
import { cliente, json, usarAppDeAgenda } from '../helpers/agenda';

const activas = async () =>
  ag.t.db
    .select()
    .from(cita)
    .where(and(eq(cita.id_psicologo, ag.p.psicologo.id_psicologo), ne(cita.estado, 'cancelada')));

const ag = usarAppDeAgenda({ pacientes: 4 });
beforeEach(async () => {
  // The screen creates the week's agenda before booking; with it in place, nothing but the
  // booking lock stands between the racing requests.
  await ag.api.crearAgenda('2027-03-01', '2027-03-07');
});

describe('reservas simultáneas', () => {
  it('20 solicitudes paralelas por el mismo horario: 1 creada y 19 × 409', async () => {
    const rs = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00', id_paciente: ag.p.pacientes[i % 4].id_paciente }),
      ),
    );
    const codigos = rs.map((r) => r.statusCode);
    expect(codigos.filter((c) => c === 201)).toHaveLength(1);
    expect(codigos.filter((c) => c === 409)).toHaveLength(19);
    for (const r of rs.filter((x) => x.statusCode === 409)) expect(json(r).msg).toBe(MSG_AGENDA.horarioOcupado);
    expect(await activas()).toHaveLength(1);
  });

  it('horarios que se empalman parcialmente (10:00, 10:15, 10:30, 10:45) también dejan una sola cita', async () => {
    const rs = await Promise.all(
      ['10:00', '10:15', '10:30', '10:45', '10:00', '10:30'].map((hora_inicio, i) =>
        ag.api.crearCita({ fecha: '2027-03-04', hora_inicio, id_paciente: ag.p.pacientes[i % 4].id_paciente }),
      ),
    );
    expect(rs.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(await activas()).toHaveLength(1);
  });

  it('solicitudes de pacientes desde la app y del psicólogo a la vez: una sola gana', async () => {
    const pacientes = [
      ...ag.p.pacientes,
      ...(await Promise.all([1, 2, 3, 4].map(() => crearPaciente(ag.t.db, { id_psicologo: ag.p.psicologo.id_psicologo })))),
    ];
    const rs = await Promise.all([
      ...pacientes.map((x) =>
        cliente(ag.t, () => sesionPaciente(ag.t.app, x)).post('/api/paciente/citas/solicitar', {
          fecha: '2027-03-05',
          hora_inicio: '12:00',
          modalidad: 'Presencial',
        }),
      ),
      ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '12:00' }),
      ag.api.crearCita({ fecha: '2027-03-05', hora_inicio: '12:00' }),
    ]);
    expect(rs.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(rs.filter((r) => r.statusCode === 409)).toHaveLength(rs.length - 1);
    expect(await activas()).toHaveLength(1);
  });

  it('dos reagendados simultáneos hacia el mismo horario: uno gana, el otro queda donde estaba', async () => {
    const a = json<{ id_cita: number }>(await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00' }));
    const b = json<{ id_cita: number }>(
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', id_paciente: ag.p.pacientes[1].id_paciente }),
    );
    const rs = await Promise.all([
      ag.api.actualizarCita(a.id_cita, { fecha: '2027-03-03', hora_inicio: '16:00' }),
      ag.api.actualizarCita(b.id_cita, { fecha: '2027-03-03', hora_inicio: '16:30' }),
    ]);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const filas = await ag.t.db
      .select()
      .from(cita)
      .where(and(eq(cita.id_psicologo, ag.p.psicologo.id_psicologo), eq(cita.fecha, '2027-03-03')));
    expect(filas).toHaveLength(1);
  });
});
