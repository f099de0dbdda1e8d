import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, time, timestamp, unique } from 'drizzle-orm/pg-core';
import { paciente, psicologo } from './cuentas';

const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

/** One row per psychologist and week (Monday to Sunday), created on demand (spec 1 §4). */
export const agenda = pgTable(
  'agenda',
  {
    id_agenda: serial('id_agenda').primaryKey(),
    id_psicologo: integer('id_psicologo')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    semana_inicio: date('semana_inicio', { mode: 'string' }).notNull(),
    semana_fin: date('semana_fin', { mode: 'string' }).notNull(),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Makes "create the week's agenda" idempotent even when two requests race.
    unique('agenda_psicologo_semana_uq').on(t.id_psicologo, t.semana_inicio),
    check('agenda_lunes_ck', sql`extract(isodow from ${t.semana_inicio}) = 1`),
    check('agenda_semana_ck', sql`${t.semana_fin} = ${t.semana_inicio} + 6`),
  ],
);

export const cita = pgTable(
  'cita',
  {
    id_cita: serial('id_cita').primaryKey(),
    id_agenda: integer('id_agenda')
      .notNull()
      .references(() => agenda.id_agenda, { onDelete: 'cascade' }),
    /** Denormalised from the agenda: every rule and every authorisation check filters by it. */
    id_psicologo: integer('id_psicologo')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    hora_inicio: time('hora_inicio').notNull(),
    hora_fin: time('hora_fin').notNull(),
    duracion: integer('duracion').notNull(),
    modalidad: text('modalidad').notNull(),
    estado: text('estado').notNull(),
    notas: text('notas'),
    origen: text('origen').notNull().default('psicologo'),
    /** Bumped on every change: a live client ignores an event older than what it shows. */
    version: integer('version').notNull().default(1),
    /** Set once the 24-hour reminder was accepted by the mail server; reset by a reschedule. */
    recordatorioEnviadoEn: instante('recordatorio_enviado_en'),
    /** When a server process claimed the reminder for sending (a lease: see decision 040). */
    recordatorioReclamadoEn: instante('recordatorio_reclamado_en'),
    createdAt: instante('created_at').notNull().defaultNow(),
    updatedAt: instante('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cita_psicologo_fecha_idx').on(t.id_psicologo, t.fecha),
    index('cita_paciente_fecha_idx').on(t.id_paciente, t.fecha),
    index('cita_agenda_idx').on(t.id_agenda),
    index('cita_recordatorio_idx').on(t.fecha).where(sql`${t.estado} = 'confirmada' and ${t.recordatorioEnviadoEn} is null`),
    check('cita_modalidad_ck', sql`${t.modalidad} in ('Presencial','En línea')`),
    check('cita_estado_ck', sql`${t.estado} in ('pendiente','confirmada','cancelada')`),
    check('cita_origen_ck', sql`${t.origen} in ('psicologo','paciente')`),
    check('cita_duracion_ck', sql`${t.duracion} >= 15 and ${t.duracion} % 15 = 0`),
    check('cita_horas_ck', sql`${t.hora_fin} > ${t.hora_inicio}`),
  ],
);

export const disponibilidad = pgTable(
  'disponibilidad',
  {
    id_disponibilidad: serial('id_disponibilidad').primaryKey(),
    id_psicologo: integer('id_psicologo')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    dia_semana: text('dia_semana').notNull(),
    hora_inicio: time('hora_inicio').notNull(),
    hora_fin: time('hora_fin').notNull(),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    // DELETE /disponibilidad/{id_psicologo}/{dia_semana}/{hora_inicio} names a slot by these three.
    unique('disponibilidad_psicologo_dia_inicio_uq').on(t.id_psicologo, t.dia_semana, t.hora_inicio),
    check('disponibilidad_dia_ck', sql`${t.dia_semana} in ('Lunes','Martes','Miércoles','Jueves','Viernes','Sábado','Domingo')`),
    check('disponibilidad_horas_ck', sql`${t.hora_fin} > ${t.hora_inicio}`),
  ],
);

/** A date (or part of one) on which the psychologist does not take appointments. */
export const excepcion = pgTable(
  'excepcion',
  {
    id_excepcion: serial('id_excepcion').primaryKey(),
    id_psicologo: integer('id_psicologo')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    hora_inicio: time('hora_inicio'),
    hora_fin: time('hora_fin'),
    motivo: text('motivo'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('excepcion_psicologo_fecha_idx').on(t.id_psicologo, t.fecha),
    check(
      'excepcion_horas_ck',
      sql`(${t.hora_inicio} is null and ${t.hora_fin} is null) or (${t.hora_inicio} is not null and ${t.hora_fin} > ${t.hora_inicio})`,
    ),
  ],
);
