import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paciente, psicologo } from './cuentas';

/**
 * One conversation between two accounts (docs/decisions/050). `tipo = 'paciente'`: a psychologist
 * and one of their patients. `tipo = 'admin'`: an administrator (`id_admin`) and either a
 * psychologist or a patient. The administrator's `id_chat_admin` is this table's `id_chat`.
 */
export const chat = pgTable(
  'chat',
  {
    id_chat: serial('id_chat').primaryKey(),
    tipo: text('tipo').notNull(),
    id_psicologo: integer('id_psicologo').references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    id_paciente: integer('id_paciente').references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    id_admin: integer('id_admin').references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    /** Sequence number of the last message, incremented under this row's lock (gap-free). */
    ultimo_seq: integer('ultimo_seq').notNull().default(0),
    /** Bumped by every send and every read mark: orders unread-count events. */
    rev: integer('rev').notNull().default(0),
    /** Messages sent by each role not yet read by the other participant (decision 081): incremented
     * by a send's UPDATE, zeroed by a read mark, both under this row's lock. A participant's unread
     * count is the other roles' counters (only two roles take part in a conversation). */
    no_leidos_de_psicologo: integer('no_leidos_de_psicologo').notNull().default(0),
    no_leidos_de_paciente: integer('no_leidos_de_paciente').notNull().default(0),
    no_leidos_de_admin: integer('no_leidos_de_admin').notNull().default(0),
    creado_en: timestamp('creado_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_tipo_ck', sql`${t.tipo} in ('paciente','admin')`),
    check(
      'chat_participantes_ck',
      sql`(${t.tipo} = 'paciente' and ${t.id_psicologo} is not null and ${t.id_paciente} is not null and ${t.id_admin} is null)
        or (${t.tipo} = 'admin' and ${t.id_admin} is not null and (${t.id_psicologo} is null) <> (${t.id_paciente} is null)
            and ${t.id_admin} is distinct from ${t.id_psicologo})`,
    ),
    uniqueIndex('chat_psicologo_paciente_uq').on(t.id_psicologo, t.id_paciente).where(sql`${t.tipo} = 'paciente'`),
    uniqueIndex('chat_admin_psicologo_uq').on(t.id_admin, t.id_psicologo).where(sql`${t.tipo} = 'admin' and ${t.id_psicologo} is not null`),
    uniqueIndex('chat_admin_paciente_uq').on(t.id_admin, t.id_paciente).where(sql`${t.tipo} = 'admin' and ${t.id_paciente} is not null`),
    index('chat_psicologo_idx').on(t.id_psicologo),
    index('chat_paciente_idx').on(t.id_paciente),
    index('chat_admin_idx').on(t.id_admin),
  ],
);

export const mensaje = pgTable(
  'mensaje',
  {
    id_mensaje: bigserial('id_mensaje', { mode: 'number' }).primaryKey(),
    id_chat: integer('id_chat')
      .notNull()
      .references(() => chat.id_chat, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    remitente: text('remitente').notNull(),
    /** The text encrypted (`e1.<kid>.<iv>.<ct>`, bound to mensaje.contenido: decision 070). */
    contenido: text('contenido').notNull(),
    /** Keyed hashes of the text's words and word beginnings: search without plain text. Null on a
     * row written before encryption, until the start-up step encrypts it. */
    huellas: text('huellas').array(),
    /** The sender's idempotency key: a retried send by the same sender stores nothing new. */
    id_cliente: text('id_cliente'),
    leido: boolean('leido').notNull().default(false),
    /** The patient's text holds crisis language (shared/foros-crisis.ts), judged when it was stored.
     * Plain metadata beside the encrypted text, so the psychologist's alert and the administrators'
     * timer can find unread ones without opening any text (decision 338). */
    crisis: boolean('crisis').notNull().default(false),
    leido_en: timestamp('leido_en', { withTimezone: true, mode: 'date' }),
    fecha_envio: timestamp('fecha_envio', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('mensaje_remitente_ck', sql`${t.remitente} in ('psicologo','paciente','admin')`),
    // The 1000-character limit is checked on the plain text (shared schemas); its ciphertext of up to
    // 4000 UTF-8 bytes is at most ~5,400 characters.
    check('mensaje_contenido_ck', sql`char_length(${t.contenido}) between 1 and 6000`),
    check('mensaje_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    uniqueIndex('mensaje_chat_seq_uq').on(t.id_chat, t.seq),
    uniqueIndex('mensaje_chat_remitente_cliente_uq').on(t.id_chat, t.remitente, t.id_cliente),
    index('mensaje_no_leidos_idx').on(t.id_chat, t.remitente).where(sql`not ${t.leido}`),
    // Crisis messages nobody opened yet: a conversation's count, and every one older than N minutes.
    index('mensaje_crisis_sin_abrir_idx').on(t.id_chat, t.fecha_envio).where(sql`${t.crisis} and not ${t.leido}`),
  ],
);
