import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (docs/decisions/090): one row per read, export, creation, change or deletion of
 * clinical data and per administrative act — who, what, which patient, when, from which address.
 * No foreign keys: a row outlives the account or the record it mentions. Never holds clinical text.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id_auditoria: bigserial('id_auditoria', { mode: 'number' }).primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** psicologo | paciente | admin | sistema */
    actor_tipo: text('actor_tipo').notNull(),
    actor_id: integer('actor_id'),
    /** leer | exportar | crear | modificar | eliminar | a domain verb (validar, reasignar, …) */
    accion: text('accion').notNull(),
    /** nota | aplicacion_test | respuestas | evidencia | psicologo | paciente | … */
    recurso: text('recurso').notNull(),
    id_recurso: text('id_recurso'),
    id_paciente: integer('id_paciente'),
    ip: text('ip'),
    /** Non-clinical detail (e.g. { estado: 'inactivo' }); never note or answer text. */
    detalle: jsonb('detalle'),
  },
  (t) => [
    check('auditoria_actor_tipo_ck', sql`${t.actor_tipo} in ('psicologo','paciente','admin','sistema')`),
    index('auditoria_fecha_idx').on(t.fecha.desc()),
    index('auditoria_paciente_idx').on(t.id_paciente, t.fecha.desc()),
    index('auditoria_actor_idx').on(t.actor_tipo, t.actor_id, t.fecha.desc()),
  ],
);
