import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paciente } from './cuentas';

const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

/**
 * ARCO cancellation and opposition requests (issue 56, decisions 378 and 379). `motivo` and
 * `respuesta` are encrypted at rest (AAD `solicitud_arco.motivo` / `.respuesta`); a cancellation
 * erases the reason when it is carried out. `ficha_retenida` is the clinical record's identification
 * (name and date of birth, NOM-004-SSA3 §5.x), encrypted, kept after a cancellation anonymized the
 * account. The row itself stays: it is the proof that the request was answered, and when.
 */
export const solicitudArco = pgTable(
  'solicitud_arco',
  {
    id_solicitud: serial('id_solicitud').primaryKey(),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    motivo: text('motivo'),
    recibida_en: instante('recibida_en').notNull(),
    /** The legal deadline: the 20th business day after the request, in the clinic's time zone. */
    vence_el: date('vence_el', { mode: 'string' }).notNull(),
    estado: text('estado').notNull().default('pendiente'),
    resultado: text('resultado'),
    respuesta: text('respuesta'),
    resuelta_en: instante('resuelta_en'),
    id_admin_resuelve: integer('id_admin_resuelve'),
    ficha_retenida: text('ficha_retenida'),
  },
  (t) => [
    check('solicitud_arco_tipo_ck', sql`${t.tipo} in ('cancelacion','oposicion')`),
    check('solicitud_arco_estado_ck', sql`${t.estado} in ('pendiente','resuelta')`),
    check('solicitud_arco_resultado_ck', sql`${t.resultado} is null or ${t.resultado} in ('procedente','improcedente')`),
    check(
      'solicitud_arco_resuelta_ck',
      sql`(${t.estado} = 'pendiente') = (${t.resuelta_en} is null) and (${t.estado} = 'pendiente') = (${t.resultado} is null)`,
    ),
    // One request of each kind in process per patient: a second one answers 409.
    uniqueIndex('solicitud_arco_pendiente_uq').on(t.id_paciente, t.tipo).where(sql`${t.estado} = 'pendiente'`),
    index('solicitud_arco_estado_idx').on(t.estado, t.vence_el),
  ],
);
