import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { paciente } from './cuentas';

/**
 * The texts a patient accepts before their health data is processed (Mexico's LFPDPPP: express
 * consent for sensitive data; decision 146): the privacy notice and the informed-consent letter,
 * each versioned. The highest version of each kind is the one in force.
 */
export const documentoConsentimiento = pgTable(
  'documento_consentimiento',
  {
    tipo: text('tipo').notNull(),
    version: integer('version').notNull(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    vigenteDesde: timestamp('vigente_desde', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tipo, t.version] }),
    check('documento_consentimiento_tipo_ck', sql`${t.tipo} in ('aviso_privacidad','consentimiento_informado')`),
  ],
);

/** One row per express acceptance: which version, when, from where. Never updated. */
export const aceptacionConsentimiento = pgTable(
  'aceptacion_consentimiento',
  {
    id: serial('id').primaryKey(),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    version: integer('version').notNull(),
    aceptadoEn: timestamp('aceptado_en', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('aceptacion_consentimiento_paciente_idx').on(t.id_paciente, t.tipo, t.version)],
);
