import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paciente } from './cuentas';

/**
 * A patient's Web Push subscription (one per installed app / browser, docs/decisions/181). The
 * endpoint is the push service's URL for that browser; `p256dh` and `auth` encrypt the payload.
 */
export const suscripcionPush = pgTable(
  'suscripcion_push',
  {
    id_suscripcion: serial('id_suscripcion').primaryKey(),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    creada_en: timestamp('creada_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suscripcion_push_endpoint_uq').on(t.endpoint), index('suscripcion_push_paciente_idx').on(t.id_paciente)],
);

/** What the patient wants to be notified of when the app is closed (default: everything). */
export const preferenciaPush = pgTable('preferencia_push', {
  id_paciente: integer('id_paciente')
    .primaryKey()
    .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
  mensajes: boolean('mensajes').notNull().default(true),
  citas: boolean('citas').notNull().default(true),
  /** An activity assigned or a reminder sent by the psychologist (docs/decisions/201). */
  actividades: boolean('actividades').notNull().default(true),
  actualizada_en: timestamp('actualizada_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
