import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An account's passkey (a WebAuthn credential, decision 374). Many per account. The public key is
 * stored as base64url (it is no secret); the counter is the authenticator's signature counter,
 * refused when it does not grow (a cloned authenticator).
 */
export const llaveAcceso = pgTable(
  'llave_acceso',
  {
    id: serial('id').primaryKey(),
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id').notNull(),
    /** The credential's id as the browser gives it (base64url). */
    credencialId: text('credencial_id').notNull(),
    llavePublica: text('llave_publica').notNull(),
    contador: bigint('contador', { mode: 'number' }).notNull().default(0),
    transportes: text('transportes').array().notNull().default(sql`'{}'`),
    nombre: text('nombre').notNull(),
    /** Whether the authenticator says the credential is backed up (synced passkey). */
    respaldada: boolean('respaldada').notNull().default(false),
    creadaEn: timestamp('creada_en', { withTimezone: true, mode: 'date' }).notNull(),
    usadaEn: timestamp('usada_en', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('llave_acceso_credencial_idx').on(t.credencialId),
    index('llave_acceso_cuenta_idx').on(t.cuentaTipo, t.cuentaId),
    check('llave_acceso_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);

/**
 * A WebAuthn challenge handed out and not yet used: single use (deleted when presented), a few
 * minutes of life, in the database so that any node can check it. `cuenta_id` is null for the
 * passwordless login's challenge (the account is not known until the passkey answers).
 */
export const retoWebauthn = pgTable(
  'reto_webauthn',
  {
    reto: text('reto').primaryKey(),
    proposito: text('proposito').notNull(),
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id'),
    expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('reto_webauthn_expira_idx').on(t.expiraEn),
    check('reto_webauthn_proposito_ck', sql`${t.proposito} in ('registro','entrar','segundo-paso')`),
    check('reto_webauthn_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);
