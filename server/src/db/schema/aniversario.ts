import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { paciente } from './cuentas';

const instante = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });

/** The anniversary mail to the psychologist (decision 129): one row per patient and anniversary
 * year; a leased claim, marked sent only once the mail server accepted it. */
export const avisoAniversario = pgTable(
  'aviso_aniversario',
  {
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    anio: integer('anio').notNull(),
    fecha_aniversario: date('fecha_aniversario', { mode: 'string' }).notNull(),
    reclamadoEn: instante('reclamado_en'),
    enviadoEn: instante('enviado_en'),
  },
  (t) => [
    primaryKey({ columns: [t.id_paciente, t.anio] }),
    index('aviso_aniversario_pendiente_idx').on(t.reclamadoEn).where(sql`${t.enviadoEn} is null`),
  ],
);
