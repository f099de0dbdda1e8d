// The reminder email 24 h before each confirmed appointment: sent once, whatever the number of
// ticks running at the same time, and again only when the appointment moves.
import { cita } from '@miduelo/server/db/schema/agenda';
import { enviarRecordatorios, programarRecordatorios, reclamarRecordatorios } from '@miduelo/server/modules/agenda/jobs';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { json, refirmar, usarAppDeAgenda } from '../helpers/agenda';

const ctx = () => ({ db: ag.t.db, config: ag.t.config, mailer: ag.t.app.mailer, log: ag.t.app.log });
// A tick resolves only after the SMTP server has accepted each of its messages, and the test's SMTP
// server records a message before accepting it: once `await tick(...)` returns, every mail of that
// tick is in the mailbox, so "no other mail" is checked right then, without waiting.
const tick = (instante: string) => enviarRecordatorios(ctx(), new Date(instante));
const correosPara = (correo: string) => ag.t.buzon.correos.filter((c) => c.para === correo.toLowerCase());

const ag = usarAppDeAgenda({ pacientes: 3 });

describe('recordatorio 24 h antes de una cita confirmada', () => {
  it('sale cuando faltan 24 h, una sola vez, al paciente de la cita y con los datos de la cita', async () => {
    const [a, b] = ag.p.pacientes;
    await ag.api.crearCita({
      fecha: '2027-03-02',
      hora_inicio: '10:00',
      estado: 'confirmada',
      id_paciente: a.id_paciente,
      modalidad: 'En línea',
    });
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '11:00', estado: 'pendiente', id_paciente: b.id_paciente });
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '09:00', estado: 'cancelada', id_paciente: b.id_paciente });

    expect(await tick('2027-03-01T09:59:00-06:00')).toBe(0);
    expect(await tick('2027-03-01T10:00:00-06:00')).toBe(1);
    const correo = await ag.t.buzon.esperar(a.email);
    expect(correo.asunto).toBe('Recordatorio: tu cita del 02/03/2027 a las 10:00');
    expect(correo.texto).toContain('de 10:00 a 11:00');
    expect(correo.texto).toContain('en línea');
    expect(await tick('2027-03-01T10:01:00-06:00')).toBe(0);
    expect(await tick('2027-03-02T09:00:00-06:00')).toBe(0);
    expect(correosPara(a.email)).toHaveLength(1);
    expect(correosPara(b.email)).toHaveLength(0);
  });

  it('varios procesos a la vez (ticks simultáneos) envían cada recordatorio exactamente una vez', async () => {
    const [a, b, c] = ag.p.pacientes;
    for (const [x, hora] of [
      [a, '10:00'],
      [b, '11:00'],
      [c, '12:00'],
    ] as const) {
      await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: hora, estado: 'confirmada', id_paciente: x.id_paciente });
    }
    const enviados = await Promise.all(Array.from({ length: 6 }, () => tick('2027-03-02T12:00:00-06:00')));
    expect(enviados.reduce((s, n) => s + n, 0)).toBe(3);
    for (const x of [a, b, c]) await ag.t.buzon.esperar(x.email);
    expect(await tick('2027-03-02T12:00:00-06:00')).toBe(0);
    for (const x of [a, b, c]) expect(correosPara(x.email)).toHaveLength(1);
  });

  it('una cita confirmada con menos de 24 h de anticipación recibe su recordatorio en el siguiente tick; una pasada no', async () => {
    const [a, b] = ag.p.pacientes;
    await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '15:00', estado: 'confirmada', id_paciente: a.id_paciente });
    await ag.api.crearCita({ fecha: '2027-03-01', hora_inicio: '10:00', estado: 'confirmada', id_paciente: b.id_paciente });
    expect(await tick('2027-03-01T10:30:00-06:00')).toBe(1);
    await ag.t.buzon.esperar(a.email);
    expect(correosPara(b.email)).toHaveLength(0);
  });

  it('reagendar la cita vuelve a programar su recordatorio', async () => {
    const [a] = ag.p.pacientes;
    const c = json<{ id_cita: number }>(
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', estado: 'confirmada', id_paciente: a.id_paciente }),
    );
    expect(await tick('2027-03-01T10:00:00-06:00')).toBe(1);
    expect((await ag.api.actualizarCita(c.id_cita, { fecha: '2027-03-04', hora_inicio: '16:00' })).statusCode).toBe(200);
    expect(await tick('2027-03-03T15:59:00-06:00')).toBe(0);
    expect(await tick('2027-03-03T16:00:00-06:00')).toBe(1);
    expect(correosPara(a.email).map((x) => x.asunto)).toEqual([
      'Recordatorio: tu cita del 02/03/2027 a las 10:00',
      'Recordatorio: tu cita del 04/03/2027 a las 16:00',
    ]);
  });

  it('si el correo falla, el recordatorio se libera y sale en el siguiente tick', async () => {
    const [a] = ag.p.pacientes;
    const c = json<{ id_cita: number }>(
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', estado: 'confirmada', id_paciente: a.id_paciente }),
    );
    const fallido = {
      ...ctx(),
      mailer: { enviar: async () => Promise.reject(new Error('SMTP caído')) },
      log: { ...ag.t.app.log, error: () => {} } as typeof ag.t.app.log,
    };
    expect(await enviarRecordatorios(fallido, new Date('2027-03-01T12:00:00-06:00'))).toBe(0);
    const [fila] = await ag.t.db.select().from(cita).where(eq(cita.id_cita, c.id_cita));
    expect(fila.recordatorioEnviadoEn).toBeNull();
    expect(fila.recordatorioReclamadoEn).toBeNull();
    expect(await tick('2027-03-01T12:01:00-06:00')).toBe(1);
    await ag.t.buzon.esperar(a.email);
  });

  it('un proceso que muere entre reclamar y enviar no lo pierde: vencido el reclamo (15 min), otro lo envía una sola vez', async () => {
    const [a, b] = ag.p.pacientes;
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '13:00', estado: 'confirmada', id_paciente: a.id_paciente });
    // The process claims the 13:00 reminder and dies before its SMTP conversation.
    expect(await reclamarRecordatorios(ctx(), new Date('2027-03-01T13:00:00-06:00'))).toHaveLength(1);
    // Meanwhile the claim is respected: another process sends only the reminder nobody holds.
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '12:00', estado: 'confirmada', id_paciente: b.id_paciente });
    expect(await tick('2027-03-01T13:05:00-06:00')).toBe(1);
    await ag.t.buzon.esperar(b.email);
    expect(correosPara(a.email)).toHaveLength(0);
    expect(await tick('2027-03-01T13:14:00-06:00')).toBe(0);
    // The abandoned claim expires: the next tick sends it, once.
    expect(await tick('2027-03-01T13:15:00-06:00')).toBe(1);
    const correo = await ag.t.buzon.esperar(a.email);
    expect(correo.asunto).toBe('Recordatorio: tu cita del 02/03/2027 a las 13:00');
    expect(await tick('2027-03-01T13:40:00-06:00')).toBe(0);
    expect(correosPara(a.email)).toHaveLength(1);
    expect(correosPara(b.email)).toHaveLength(1);
  });

  it('la tarea programada corre sola en cada intervalo y se detiene al cerrar', async () => {
    const [a, b] = ag.p.pacientes;
    await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '09:00', estado: 'confirmada', id_paciente: a.id_paciente });
    refirmar(ag.t, ag.p);
    // The interval is driven by the test (only setInterval is faked: I/O and the mailbox run for real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const tarea = programarRecordatorios(ctx(), 30);
      tarea.iniciar();
      expect(correosPara(a.email)).toHaveLength(0);
      vi.advanceTimersByTime(30);
      const correo = await ag.t.buzon.esperar(a.email, { timeoutMs: 5000 });
      expect(correo.asunto).toBe('Recordatorio: tu cita del 02/03/2027 a las 09:00');
      // Stopping waits for the tick in progress; afterwards no interval fires any more.
      await tarea.detener();
      await ag.api.crearCita({ fecha: '2027-03-02', hora_inicio: '10:00', estado: 'confirmada', id_paciente: b.id_paciente });
      ag.t.reloj.fijar('2027-03-01T10:00:00-06:00');
      vi.advanceTimersByTime(10 * 30);
      // Barrier: a tick of our own finds the new reminder still unclaimed (a running task would
      // have claimed it first: its query was issued before this one) and sends it, once.
      expect(await tick('2027-03-01T10:00:00-06:00')).toBe(1);
      expect(correosPara(a.email)).toHaveLength(1);
      expect(correosPara(b.email)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
