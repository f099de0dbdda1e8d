import { boolean, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { paciente } from './cuentas';

/** The patient's opposition to specific uses of her data (ARCO; decision 377). No row: she opposes
 * nothing. Each column true: that use stops (non-essential mail, push, her name in the forums). */
export const oposicionPaciente = pgTable('oposicion_paciente', {
  id_paciente: integer('id_paciente')
    .primaryKey()
    .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
  correos: boolean('correos').notNull().default(false),
  push: boolean('push').notNull().default(false),
  foro_sin_nombre: boolean('foro_sin_nombre').notNull().default(false),
  actualizada_en: timestamp('actualizada_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
