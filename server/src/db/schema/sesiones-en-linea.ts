import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cita } from './agenda';
import { paciente, psicologo } from './cuentas';

const instante = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });

/** One online-session room (issue 54, decision 358): an "En línea" appointment's, or one the
 * psychologist opened from the chat (no appointment). Presence and times only, never content. */
export const sesionEnLinea = pgTable(
  'sesion_en_linea',
  {
    id_sesion: serial('id_sesion').primaryKey(),
    /** Null for a room opened from the chat; one room per appointment. */
    id_cita: integer('id_cita')
      .unique('sesion_en_linea_cita_uq')
      .references(() => cita.id_cita, { onDelete: 'cascade' }),
    id_psicologo: integer('id_psicologo')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    /** Minutes the psychologist added after the end (10 at a time, 60 at most). */
    gracia_min: integer('gracia_min').notNull().default(0),
    creada_en: instante('creada_en').notNull().defaultNow(),
    /** The window of a room opened from the chat (an appointment's comes from the appointment). */
    abre_en: instante('abre_en'),
    cierra_base_en: instante('cierra_base_en'),
    /** The patient was admitted. */
    iniciada_en: instante('iniciada_en'),
    terminada_en: instante('terminada_en'),
    terminada_por: text('terminada_por'),
    entro_psicologo_en: instante('entro_psicologo_en'),
    entro_paciente_en: instante('entro_paciente_en'),
  },
  (t) => [
    index('sesion_en_linea_psicologo_abierta_idx').on(t.id_psicologo).where(sql`${t.terminada_en} is null`),
    index('sesion_en_linea_paciente_idx').on(t.id_paciente),
    // Only one open room from the chat per patient (decision 358), even when two requests race.
    uniqueIndex('sesion_en_linea_sin_cita_abierta_uq').on(t.id_paciente).where(sql`${t.id_cita} is null and ${t.terminada_en} is null`),
    check('sesion_en_linea_gracia_ck', sql`${t.gracia_min} between 0 and 60 and ${t.gracia_min} % 10 = 0`),
    check('sesion_en_linea_terminada_por_ck', sql`${t.terminada_por} in ('psicologo','ventana')`),
    check('sesion_en_linea_terminada_ck', sql`(${t.terminada_en} is null) = (${t.terminada_por} is null)`),
    check(
      'sesion_en_linea_ventana_ck',
      sql`(${t.id_cita} is null) = (${t.abre_en} is not null and ${t.cierra_base_en} is not null) and (${t.abre_en} is null or ${t.cierra_base_en} > ${t.abre_en})`,
    ),
  ],
);
