import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paciente, psicologo } from './cuentas';

const momento = (n: string) => timestamp(n, { withTimezone: true, mode: 'date' });

/** The five stages of grief (spec 2 §1): one row each, seeded by migration 0012. Every patient has
 * the five modules; their activities are the catalogue rows of origin `modulo` of the stage. */
export const moduloDuelo = pgTable('modulo_duelo', {
  id_modulo: integer('id_modulo').primaryKey(),
  nombre: text('nombre').notNull(),
  etapa_duelo: text('etapa_duelo').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  orden: integer('orden').notNull(),
});

/** An activity template of the global catalogue (spec 2 §3 "Activity"). Module activities have
 * origin `modulo`, a module and no creator; a psychologist's own have origin `personalizada`.
 * Deleting a template hides it (`eliminada_en`): assignments already made keep their activity. */
export const actividad = pgTable(
  'actividad',
  {
    id_actividad: serial('id_actividad').primaryKey(),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion'),
    tipo: text('tipo').notNull(),
    obligatoria: boolean('obligatoria').notNull().default(false),
    repetitiva: boolean('repetitiva').notNull().default(false),
    periodo: integer('periodo'),
    archivo_url: text('archivo_url'),
    origen: text('origen').notNull().default('personalizada'),
    id_modulo: integer('id_modulo').references(() => moduloDuelo.id_modulo),
    orden: integer('orden'),
    id_psicologo_creador: integer('id_psicologo_creador').references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    fecha_creacion: momento('fecha_creacion').notNull().defaultNow(),
    eliminada_en: momento('eliminada_en'),
  },
  (t) => [
    check('actividad_origen_ck', sql`${t.origen} in ('personalizada','modulo')`),
    check(
      'actividad_periodo_ck',
      sql`(${t.repetitiva} and ${t.periodo} between 1 and 365) or (not ${t.repetitiva} and ${t.periodo} is null)`,
    ),
    check(
      'actividad_modulo_ck',
      sql`(${t.origen} = 'modulo' and ${t.id_modulo} is not null and ${t.id_psicologo_creador} is null) or (${t.origen} = 'personalizada' and ${t.id_modulo} is null and ${t.id_psicologo_creador} is not null)`,
    ),
    index('actividad_creador_idx').on(t.id_psicologo_creador),
    index('actividad_modulo_idx').on(t.id_modulo, t.orden),
  ],
);

/** An activity assigned to a patient (spec 2 §3 "Assigned activity"). `visible_para_psicologo` is
 * the patient's switch for this activity's evidence (decision 122: private until they allow it). */
export const actividadAsignada = pgTable(
  'actividad_asignada',
  {
    id_asignacion: serial('id_asignacion').primaryKey(),
    id_actividad: integer('id_actividad')
      .notNull()
      .references(() => actividad.id_actividad, { onDelete: 'cascade' }),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    /** The psychologist whose practice it belongs to (the patient's at the time of assignment). */
    id_psicologo: integer('id_psicologo').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    /** psicologo | paciente (a patient starting a module activity on their own). */
    asignada_por: text('asignada_por').notNull().default('psicologo'),
    estado: text('estado').notNull().default('en_proceso'),
    prioridad: text('prioridad').notNull().default('media'),
    fecha_asignacion: momento('fecha_asignacion').notNull().defaultNow(),
    fecha_limite: date('fecha_limite', { mode: 'string' }),
    fecha_completada: momento('fecha_completada'),
    /** Encrypted at rest (decision 070): instructions for one patient are clinical text. */
    instrucciones_personalizadas: text('instrucciones_personalizadas'),
    visible_para_psicologo: boolean('visible_para_psicologo').notNull().default(false),
    revisada_en: momento('revisada_en'),
    recordatorio_en: momento('recordatorio_en'),
    /** The client id of the request that created it (decision 313): a retry answers this row. */
    id_cliente: text('id_cliente'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('asignada_estado_ck', sql`${t.estado} in ('en_proceso','finalizada')`),
    check('asignada_prioridad_ck', sql`${t.prioridad} in ('baja','media','alta')`),
    check('asignada_por_ck', sql`${t.asignada_por} in ('psicologo','paciente')`),
    check(
      'asignada_completada_ck',
      sql`(${t.estado} = 'finalizada' and ${t.fecha_completada} is not null) or (${t.estado} = 'en_proceso' and ${t.fecha_completada} is null)`,
    ),
    index('asignada_paciente_idx').on(t.id_paciente, t.id_actividad),
    index('asignada_actividad_idx').on(t.id_actividad),
    check('asignada_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    // Led by id_cliente: a retry looks up its rows by the id alone (across the request's patients).
    uniqueIndex('asignada_cliente_uq').on(t.id_cliente, t.id_paciente),
  ],
);

/** One piece of evidence (spec 2 §3): a stored file (`clave`, never the uploaded name, decision
 * 121) or an external link (`enlace`). `comentario`, `enlace` and `nombre_archivo` are encrypted at
 * rest (decisions 070, 311). */
export const evidencia = pgTable(
  'evidencia',
  {
    id_evidencia: serial('id_evidencia').primaryKey(),
    id_asignacion: integer('id_asignacion')
      .notNull()
      .references(() => actividadAsignada.id_asignacion, { onDelete: 'cascade' }),
    subida_por: text('subida_por').notNull(),
    clave: text('clave').unique(),
    enlace: text('enlace'),
    nombre_archivo: text('nombre_archivo'),
    mime: text('mime'),
    tamano: bigint('tamano', { mode: 'number' }),
    /** Key id the stored file is encrypted under (decision 310); null: stored before, to encrypt. */
    llave_archivo: text('llave_archivo'),
    tipo_archivo: text('tipo_archivo').notNull(),
    comentario: text('comentario'),
    fecha_subida: momento('fecha_subida').notNull().defaultNow(),
    /** The client id of the request that created it (decision 313): a retry answers this row. */
    id_cliente: text('id_cliente'),
  },
  (t) => [
    check('evidencia_subida_por_ck', sql`${t.subida_por} in ('paciente','psicologo')`),
    check('evidencia_tipo_ck', sql`${t.tipo_archivo} in ('imagen','video','audio','documento','otro')`),
    check('evidencia_contenido_ck', sql`(${t.clave} is null) <> (${t.enlace} is null)`),
    index('evidencia_asignacion_idx').on(t.id_asignacion, t.fecha_subida),
    check('evidencia_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    uniqueIndex('evidencia_cliente_uq').on(t.id_asignacion, t.subida_por, t.id_cliente),
  ],
);

/** The patient's emotion diary (issue 14, decision 126): one entry per record, kept on the patient's
 * side unless they share it. `emocion`, `intensidad` (padded before encryption, decision 335) and
 * `nota` are encrypted at rest; `fecha` stays plain (the month's range and the order, decision 335). */
export const diarioEmocion = pgTable(
  'diario_emocion',
  {
    id_entrada: serial('id_entrada').primaryKey(),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    emocion: text('emocion').notNull(),
    /** 1–10, checked by the shared schema before it is encrypted (no SQL check on a ciphertext). */
    intensidad: text('intensidad').notNull(),
    nota: text('nota'),
    compartida: boolean('compartida').notNull().default(false),
    creada_en: momento('creada_en').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** The client id of the request that created it (decision 313): a retry answers this row. */
    id_cliente: text('id_cliente'),
  },
  (t) => [
    index('diario_paciente_idx').on(t.id_paciente, t.fecha),
    check('diario_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    uniqueIndex('diario_cliente_uq').on(t.id_paciente, t.id_cliente),
  ],
);

/** Module progress over time (decision 127): one row per patient, module and clinic day, the last
 * value of that day, written after every change of the patient's activities. */
export const progresoHistorial = pgTable(
  'progreso_historial',
  {
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    id_modulo: integer('id_modulo')
      .notNull()
      .references(() => moduloDuelo.id_modulo),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    progreso: integer('progreso').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id_paciente, t.id_modulo, t.fecha] })],
);
