import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paciente, psicologo } from './cuentas';

/**
 * The test catalogue (decision 100), seeded by migration 0010. Scoring rules live beside the items:
 * each question may be reverse-scored and the test may shift every item (an instrument scored 0–4
 * answered on the spec's 1–5 scale), and its bands give the interpretation.
 */
export const test = pgTable(
  'test',
  {
    id_test: serial('id_test').primaryKey(),
    /** Stable key of a seeded instrument (itrd, icg, tamizaje-duelo). */
    clave: text('clave').notNull().unique(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull(),
    /** likert_5 | likert_7 | si_no */
    tipo_escala: text('tipo_escala').notNull(),
    activo: boolean('activo').notNull().default(true),
    /** Added to every scored item's value (e.g. -1 maps the spec's 1–5 onto an instrument's 0–4). */
    desplazamiento: smallint('desplazamiento').notNull().default(0),
    /** True when the bands are published cut-offs; false when they only describe the range. */
    bandas_validadas: boolean('bandas_validadas').notNull().default(false),
    fuente: text('fuente').notNull(),
    fecha_creacion: timestamp('fecha_creacion', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('test_tipo_escala_ck', sql`${t.tipo_escala} in ('likert_5','likert_7','si_no')`)],
);

export const testPregunta = pgTable(
  'test_pregunta',
  {
    id_pregunta: serial('id_pregunta').primaryKey(),
    id_test: integer('id_test')
      .notNull()
      .references(() => test.id_test, { onDelete: 'cascade' }),
    orden: smallint('orden').notNull(),
    texto_pregunta: text('texto_pregunta').notNull(),
    /** escala | si_no | texto (texto is never scored) */
    tipo_respuesta: text('tipo_respuesta').notNull(),
    /** Reverse-scored: value v counts as (min + max − v); for si_no, 'no' counts 1 and 'si' 0. */
    inversa: boolean('inversa').notNull().default(false),
    /** A positive answer raises the risk flag whatever the total (e.g. thoughts of self-harm). */
    alerta: boolean('alerta').notNull().default(false),
  },
  (t) => [
    check('test_pregunta_tipo_ck', sql`${t.tipo_respuesta} in ('escala','si_no','texto')`),
    uniqueIndex('test_pregunta_orden_uq').on(t.id_test, t.orden),
  ],
);

export const testBanda = pgTable(
  'test_banda',
  {
    id_banda: serial('id_banda').primaryKey(),
    id_test: integer('id_test')
      .notNull()
      .references(() => test.id_test, { onDelete: 'cascade' }),
    minimo: integer('minimo').notNull(),
    maximo: integer('maximo').notNull(),
    interpretacion: text('interpretacion').notNull(),
    /** The instrument's highest band: a result here raises the risk flag. */
    riesgo: boolean('riesgo').notNull().default(false),
  },
  (t) => [check('test_banda_rango_ck', sql`${t.minimo} <= ${t.maximo}`), index('test_banda_test_idx').on(t.id_test, t.minimo)],
);

/** One application of a test to a patient; the result is computed by the server when stored. */
export const aplicacionTest = pgTable(
  'aplicacion_test',
  {
    id_aplicacion: serial('id_aplicacion').primaryKey(),
    id_test: integer('id_test')
      .notNull()
      .references(() => test.id_test),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    /** Who applied it (the patient may later be reassigned; access follows the patient). */
    id_psicologo: integer('id_psicologo').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    estado: text('estado').notNull().default('completado'),
    // The result, encrypted at rest (decision 335; AAD `aplicacion_test.<column>`), each value padded
    // before encryption so its length does not tell the value: the score's digits, the band's text,
    // 'true'/'false'. Null score: a pending application without a result.
    puntaje_total: text('puntaje_total'),
    interpretacion: text('interpretacion'),
    riesgo: text('riesgo').notNull(),
    /** The client id of the request that created it (decision 313): a retry answers this row. */
    id_cliente: text('id_cliente'),
  },
  (t) => [
    check('aplicacion_test_estado_ck', sql`${t.estado} in ('completado','pendiente')`),
    index('aplicacion_test_paciente_idx').on(t.id_paciente, t.fecha.desc(), t.id_aplicacion.desc()),
    check('aplicacion_test_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    uniqueIndex('aplicacion_test_cliente_uq').on(t.id_paciente, t.id_cliente),
  ],
);

export const respuestaTest = pgTable(
  'respuesta_test',
  {
    id_respuesta: bigserial('id_respuesta', { mode: 'number' }).primaryKey(),
    id_aplicacion: integer('id_aplicacion')
      .notNull()
      .references(() => aplicacionTest.id_aplicacion, { onDelete: 'cascade' }),
    id_pregunta: integer('id_pregunta')
      .notNull()
      .references(() => testPregunta.id_pregunta),
    /** '1'…'7' (escala), 'si'/'no' (si_no) or the text (texto), every one encrypted (decisions 070, 335). */
    respuesta: text('respuesta').notNull(),
  },
  (t) => [uniqueIndex('respuesta_test_aplicacion_pregunta_uq').on(t.id_aplicacion, t.id_pregunta)],
);

/**
 * The patients whose latest completed application of some test is `riesgo` (decision 104): the one
 * plain bit the patient list and file show, derived from the encrypted results whenever an
 * application is stored (decision 335). No test, score, date or history: a row while flagged.
 */
export const pacienteEnRiesgo = pgTable('paciente_en_riesgo', {
  id_paciente: integer('id_paciente')
    .primaryKey()
    .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
});

/** The psychologist's notes about a patient; title and content encrypted (decision 102). */
export const nota = pgTable(
  'nota',
  {
    id_nota: serial('id_nota').primaryKey(),
    id_paciente: integer('id_paciente')
      .notNull()
      .references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    id_psicologo: integer('id_psicologo').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    id_aplicacion: integer('id_aplicacion').references(() => aplicacionTest.id_aplicacion, { onDelete: 'set null' }),
    tipo: text('tipo').notNull().default('general'),
    titulo: text('titulo').notNull(),
    contenido: text('contenido').notNull(),
    version: integer('version').notNull().default(1),
    fecha_creacion: timestamp('fecha_creacion', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fecha_actualizacion: timestamp('fecha_actualizacion', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The client id of the request that created it (decision 313): a retry answers this row. */
    id_cliente: text('id_cliente'),
  },
  (t) => [
    check('nota_tipo_ck', sql`${t.tipo} in ('general','test')`),
    check('nota_aplicacion_ck', sql`${t.id_aplicacion} is null or ${t.tipo} = 'test'`),
    index('nota_paciente_idx').on(t.id_paciente, t.fecha_creacion.desc(), t.id_nota.desc()),
    index('nota_aplicacion_idx').on(t.id_aplicacion),
    check('nota_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    uniqueIndex('nota_cliente_uq').on(t.id_paciente, t.id_cliente),
  ],
);
