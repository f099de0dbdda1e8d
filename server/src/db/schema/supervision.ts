import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chat, mensaje } from './chat';
import { paciente, psicologo } from './cuentas';

const instante = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });

/**
 * One "break-glass" opening of a psychologist–patient conversation's content by an administrator
 * (issue 55, decision 365): read-only, from `abierta_en` until `vence_en` (+30 minutes), with the
 * motive and the reason the administrator wrote. Never updated; the psychologist lists them.
 * `razon` is the administrator's own words, kept readable (the psychologist and the audit screen
 * show it); it never reaches the application log.
 */
export const aperturaSupervision = pgTable(
  'apertura_supervision',
  {
    id_apertura: serial('id_apertura').primaryKey(),
    id_admin: integer('id_admin')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    id_chat: integer('id_chat')
      .notNull()
      .references(() => chat.id_chat, { onDelete: 'cascade' }),
    motivo: text('motivo').notNull(),
    razon: text('razon').notNull(),
    abierta_en: instante('abierta_en').notNull(),
    vence_en: instante('vence_en').notNull(),
  },
  (t) => [
    check('apertura_supervision_motivo_ck', sql`${t.motivo} in ('crisis','queja','revision_calidad','solicitud_psicologo')`),
    check('apertura_supervision_razon_ck', sql`char_length(${t.razon}) between 20 and 500`),
    check('apertura_supervision_vence_ck', sql`${t.vence_en} > ${t.abierta_en}`),
    // "Does this administrator hold an opening of this chat in force?" and the chat's history.
    index('apertura_supervision_chat_admin_idx').on(t.id_chat, t.id_admin, t.vence_en),
  ],
);

/**
 * One alert per patient crisis message the psychologist did not open within ALERTA_CRISIS_MINUTOS
 * (decision 366). The unique message is the claim: however many nodes run the timer, one insert
 * wins. Open until an administrator acknowledges it with what was done (`accion`).
 */
export const alertaCrisis = pgTable(
  'alerta_crisis',
  {
    id_alerta: serial('id_alerta').primaryKey(),
    id_mensaje: bigint('id_mensaje', { mode: 'number' })
      .notNull()
      .unique('alerta_crisis_mensaje_uq')
      .references(() => mensaje.id_mensaje, { onDelete: 'cascade' }),
    id_chat: integer('id_chat')
      .notNull()
      .references(() => chat.id_chat, { onDelete: 'cascade' }),
    id_psicologo: integer('id_psicologo')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    creada_en: instante('creada_en').notNull(),
    reconocida_en: instante('reconocida_en'),
    id_admin_reconoce: integer('id_admin_reconoce').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    accion: text('accion'),
  },
  (t) => [
    check('alerta_crisis_reconocida_ck', sql`(${t.reconocida_en} is null) = (${t.accion} is null)`),
    check('alerta_crisis_accion_ck', sql`${t.accion} is null or char_length(${t.accion}) between 5 and 500`),
    index('alerta_crisis_abiertas_idx').on(t.creada_en).where(sql`${t.reconocida_en} is null`),
    index('alerta_crisis_chat_idx').on(t.id_chat),
  ],
);

/**
 * The 48-hour reminder of one waiting stretch (decision 366): the patient's messages after the
 * psychologist's last one, named by the first of them. A row is a leased claim, like the
 * appointment reminders': `reclamado_en` while a node sends, `enviado_en` once the mail server
 * accepted it; a failed send clears the claim, a dead node's claim expires.
 */
export const recordatorioSinRespuesta = pgTable(
  'recordatorio_sin_respuesta',
  {
    id_mensaje: bigint('id_mensaje', { mode: 'number' })
      .primaryKey()
      .references(() => mensaje.id_mensaje, { onDelete: 'cascade' }),
    id_chat: integer('id_chat')
      .notNull()
      .references(() => chat.id_chat, { onDelete: 'cascade' }),
    reclamado_en: instante('reclamado_en'),
    enviado_en: instante('enviado_en'),
  },
  (t) => [index('recordatorio_sin_respuesta_chat_idx').on(t.id_chat)],
);
