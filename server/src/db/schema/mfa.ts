import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An account's authenticator-app factor (TOTP, decision 370). One per account. The secret is
 * encrypted under ENCRYPTION_KEY like the notes (re-encrypted on start after a rotation). A row with
 * no `confirmado_en` is an enrolment started and not yet confirmed with a first code.
 */
export const factorTotp = pgTable(
  'factor_totp',
  {
    id: serial('id').primaryKey(),
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id').notNull(),
    secreto: text('secreto').notNull(),
    iniciadoEn: timestamp('iniciado_en', { withTimezone: true, mode: 'date' }).notNull(),
    confirmadoEn: timestamp('confirmado_en', { withTimezone: true, mode: 'date' }),
    /** The last time step accepted: a code of that step or an earlier one is refused (replay). */
    ultimoPaso: bigint('ultimo_paso', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('factor_totp_cuenta_idx').on(t.cuentaTipo, t.cuentaId),
    check('factor_totp_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);

/** Single-use recovery codes: only their argon2id hash is stored. */
export const codigoRecuperacion = pgTable(
  'codigo_recuperacion',
  {
    id: serial('id').primaryKey(),
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id').notNull(),
    hash: text('hash').notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true, mode: 'date' }).notNull(),
    usadoEn: timestamp('usado_en', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('codigo_recuperacion_cuenta_idx').on(t.cuentaTipo, t.cuentaId),
    check('codigo_recuperacion_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);
