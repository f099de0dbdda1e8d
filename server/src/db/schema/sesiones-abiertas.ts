import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An open session of any kind of account (decision 380): one row per full session token, by its
 * `jti`, written when the token is handed out. What the owner sees in her profile: the device,
 * browser and system read from the user agent, the place said of the address, when it was opened
 * and last used. A row lists only while its token holds (not expired, not revoked, of the account's
 * current session version); expired rows are deleted when the account opens another session.
 */
export const sesionAbierta = pgTable(
  'sesion_abierta',
  {
    id: serial('id').primaryKey(),
    jti: text('jti').notNull(),
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id').notNull(),
    /** The account's session version the token was signed with. */
    version: integer('version').notNull(),
    agente: text('agente').notNull().default(''),
    dispositivo: text('dispositivo').notNull(),
    navegador: text('navegador').notNull(),
    sistema: text('sistema').notNull(),
    ip: text('ip'),
    lugar: text('lugar').notNull(),
    creadaEn: timestamp('creada_en', { withTimezone: true, mode: 'date' }).notNull(),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true, mode: 'date' }).notNull(),
    expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('sesion_abierta_jti_idx').on(t.jti),
    index('sesion_abierta_cuenta_idx').on(t.cuentaTipo, t.cuentaId),
    check('sesion_abierta_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);

/** The devices an account has opened a session from (a hash of the device's id, decision 381):
 * a session from a device not listed here mails the account. */
export const dispositivoConocido = pgTable(
  'dispositivo_conocido',
  {
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id').notNull(),
    huella: text('huella').notNull(),
    primeraVez: timestamp('primera_vez', { withTimezone: true, mode: 'date' }).notNull(),
    ultimaVez: timestamp('ultima_vez', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'dispositivo_conocido_pk', columns: [t.cuentaTipo, t.cuentaId, t.huella] }),
    check('dispositivo_conocido_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);
