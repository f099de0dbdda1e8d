// The booking's statements are named prepared statements on PostgreSQL (decision 248): a plan
// cached while the tables were nearly empty must not turn into sequential scans once they hold a
// history that no ANALYZE has seen yet (issue 12's robust plans; chat-contadores tests the chat).
import { crearCifrador } from '@miduelo/server/comun/cifrado';
import type { Db } from '@miduelo/server/db/client';
import { type AgendaCtx, crearCita } from '@miduelo/server/modules/agenda/service-citas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crearAppDePrueba } from '../helpers/app';
import { consultar } from '../helpers/base-datos';
import { crearPaciente, crearPsicologo } from '../helpers/fabricas';

const TABLAS = ['cita', 'agenda', 'paciente'] as const;

describe('planes de la reserva con estadísticas viejas', () => {
  it('con cita, agenda y paciente analizadas vacías y llenadas después, reservar no las recorre secuencialmente', async () => {
    // A database of its own: the migrations analyzed its tables empty, and no ANALYZE follows.
    const p = await crearAppDePrueba();
    try {
      const psi = await crearPsicologo(p.db);
      const pac = await crearPaciente(p.db, { id_psicologo: psi.id_psicologo });
      // Every statement below runs on the transaction's one connection, where postgres.js keeps
      // the booking's prepared statements; crearCita's own transaction becomes a savepoint in it.
      await p.db.transaction(async (tx) => {
        const ctx: AgendaCtx = {
          db: tx as unknown as Db,
          config: p.config,
          realtime: p.app.realtime,
          cifrador: crearCifrador(p.config.llaves),
          log: p.app.log,
        };
        const reservar = (fecha: string, hora: number) =>
          crearCita(ctx, {
            idPsicologo: psi.id_psicologo,
            datos: {
              id_paciente: pac.id_paciente,
              id_agenda: null,
              fecha,
              hora_inicio: `${String(hora).padStart(2, '0')}:00`,
              hora_fin: null,
              duracion: 60,
              modalidad: 'Presencial',
              estado: 'confirmada',
              notas: 'Primera sesión',
            },
          });
        // Eight bookings while the tables are nearly empty: past five, PostgreSQL may keep a generic plan.
        for (let i = 0; i < 8; i++) await reservar('2027-03-01', 9 + i);

        // Then a history arrives without an ANALYZE: 2,000 patients, 3,000 weeks, 31,000 appointments.
        await tx.execute(sql`
          insert into paciente (id_psicologo, nombre, apellido_paterno, email, telefono, fecha_nacimiento)
          select ${psi.id_psicologo}, 'P' || g, 'A', 'hist' || g || '@ejemplo.mx', '5555555555', date '1990-01-01'
            from generate_series(1, 2000) g`);
        await tx.execute(sql`
          insert into agenda (id_psicologo, semana_inicio, semana_fin)
          select ${psi.id_psicologo}, date '1970-01-05' + 7 * s, date '1970-01-11' + 7 * s from generate_series(0, 2999) s on conflict do nothing`);
        await tx.execute(sql`
          insert into cita (id_agenda, id_psicologo, id_paciente, fecha, hora_inicio, hora_fin, duracion, modalidad, estado)
          select a.id_agenda, a.id_psicologo, ${pac.id_paciente}, a.semana_inicio + d, make_time(8 + h, 0, 0), make_time(9 + h, 0, 0), 60,
              'Presencial', 'confirmada'
            from agenda a, generate_series(0, 4) d, generate_series(0, 39) h
            where a.id_psicologo = ${psi.id_psicologo} and a.semana_inicio >= date '2014-01-01' and a.semana_inicio < date '2026-01-01' and h < 10`);
        const [est] = await consultar(tx, sql`select reltuples::int as n from pg_class where relname = 'cita'`);
        expect(Number(est.n)).toBeLessThanOrEqual(0); // statistics still say: empty
        const [n] = await consultar(tx, sql`select count(*)::int as n from cita`);
        expect(Number(n.n)).toBeGreaterThan(30000);

        const escaneos = async () => {
          const filas = await consultar(
            tx,
            sql`select relname, seq_scan::int as seq, idx_scan::int as idx from pg_stat_xact_user_tables where relname in ('cita', 'agenda', 'paciente')`,
          );
          return Object.fromEntries(filas.map((x) => [x.relname as string, { seq: Number(x.seq), idx: Number(x.idx) }]));
        };
        const antes = await escaneos();
        const creadas = [];
        for (let i = 0; i < 9; i++) creadas.push(await reservar('2027-03-02', 9 + i));
        const despues = await escaneos();
        for (const t of TABLAS) expect(despues[t].seq - antes[t].seq, `Seq Scan en ${t} durante las reservas`).toBe(0);
        expect(despues.cita.idx - antes.cita.idx).toBeGreaterThanOrEqual(18);
        // And the bookings are what the psychologist asked for.
        expect(creadas.map((c) => c.hora_inicio)).toEqual([
          '09:00',
          '10:00',
          '11:00',
          '12:00',
          '13:00',
          '14:00',
          '15:00',
          '16:00',
          '17:00',
        ]);
        expect(creadas.every((c) => c.notas === 'Primera sesión' && c.paciente.nombre === pac.nombre)).toBe(true);
      });
    } finally {
      await p.cerrar();
    }
  });
});
