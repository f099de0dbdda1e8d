import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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

const instante = (nombre: string) => timestamp(nombre, { withTimezone: true, mode: 'date' });

/** A community forum (spec 2 §3). Public: anyone signed in reads it and patients may join;
 * private: invisible to everyone but its participants (docs/decisions/161). */
export const foro = pgTable(
  'foro',
  {
    id_foro: serial('id_foro').primaryKey(),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion'),
    publico: boolean('publico').notNull().default(true),
    id_creador: integer('id_creador').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    fecha_creacion: instante('fecha_creacion').notNull().defaultNow(),
    fecha_actualizacion: instante('fecha_actualizacion').notNull().defaultNow(),
  },
  (t) => [
    check('foro_titulo_ck', sql`char_length(${t.titulo}) between 3 and 255`),
    check('foro_descripcion_ck', sql`${t.descripcion} is null or char_length(${t.descripcion}) <= 1000`),
    index('foro_fecha_idx').on(t.fecha_creacion),
  ],
);

/** One account in one forum, with its role (miembro < moderador < admin, spec 2 §4). A psychologist
 * or a patient: exactly one of the two ids. Deleting the account removes its participation. */
export const foroParticipante = pgTable(
  'foro_participante',
  {
    id_participante: serial('id_participante').primaryKey(),
    id_foro: integer('id_foro')
      .notNull()
      .references(() => foro.id_foro, { onDelete: 'cascade' }),
    id_psicologo: integer('id_psicologo').references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    id_paciente: integer('id_paciente').references(() => paciente.id_paciente, { onDelete: 'cascade' }),
    rol: text('rol').notNull().default('miembro'),
    fecha_union: instante('fecha_union').notNull().defaultNow(),
  },
  (t) => [
    check('foro_participante_rol_ck', sql`${t.rol} in ('miembro','moderador','admin')`),
    check('foro_participante_cuenta_ck', sql`(${t.id_psicologo} is null) <> (${t.id_paciente} is null)`),
    // Patients are members only: moderation is a professional's task.
    check('foro_participante_paciente_ck', sql`${t.id_paciente} is null or ${t.rol} = 'miembro'`),
    uniqueIndex('foro_participante_psicologo_uq').on(t.id_foro, t.id_psicologo).where(sql`${t.id_psicologo} is not null`),
    uniqueIndex('foro_participante_paciente_uq').on(t.id_foro, t.id_paciente).where(sql`${t.id_paciente} is not null`),
    index('foro_participante_psicologo_idx').on(t.id_psicologo),
    index('foro_participante_paciente_idx').on(t.id_paciente),
  ],
);

/** A topic; its row is locked to number posts (`ultimo_seq`, gap-free, like chat decision 052).
 * `titulo` is encrypted at rest (decision 311): 255 characters are checked on the plain text (shared
 * schema), the check here bounds the stored value, which is longer. */
export const foroTema = pgTable(
  'foro_tema',
  {
    id_tema: serial('id_tema').primaryKey(),
    id_foro: integer('id_foro')
      .notNull()
      .references(() => foro.id_foro, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    autor_tipo: text('autor_tipo').notNull(),
    autor_id: integer('autor_id').notNull(),
    ultimo_seq: integer('ultimo_seq').notNull().default(0),
    fecha_creacion: instante('fecha_creacion').notNull().defaultNow(),
    fecha_actividad: instante('fecha_actividad').notNull().defaultNow(),
  },
  (t) => [
    check('foro_tema_titulo_ck', sql`char_length(${t.titulo}) between 3 and 1530`),
    check('foro_tema_autor_ck', sql`${t.autor_tipo} in ('psicologo','paciente')`),
    index('foro_tema_foro_idx').on(t.id_foro, t.fecha_actividad),
  ],
);

/** A post. The author is kept by kind and id without a foreign key: the community's record stays
 * readable after an account is deleted. `contenido` is encrypted at rest (decision 070). */
export const foroMensaje = pgTable(
  'foro_mensaje',
  {
    id_mensaje: bigserial('id_mensaje', { mode: 'number' }).primaryKey(),
    id_tema: integer('id_tema')
      .notNull()
      .references(() => foroTema.id_tema, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    autor_tipo: text('autor_tipo').notNull(),
    autor_id: integer('autor_id').notNull(),
    contenido: text('contenido').notNull(),
    id_cliente: text('id_cliente'),
    /** Crisis language was detected in it (moderators were alerted; the post is published). */
    crisis: boolean('crisis').notNull().default(false),
    oculto: boolean('oculto').notNull().default(false),
    oculto_por: integer('oculto_por'),
    oculto_en: instante('oculto_en'),
    fecha_envio: instante('fecha_envio').notNull().defaultNow(),
  },
  (t) => [
    check('foro_mensaje_autor_ck', sql`${t.autor_tipo} in ('psicologo','paciente')`),
    check('foro_mensaje_contenido_ck', sql`char_length(${t.contenido}) between 1 and 12000`),
    check('foro_mensaje_id_cliente_ck', sql`${t.id_cliente} is null or char_length(${t.id_cliente}) <= 64`),
    uniqueIndex('foro_mensaje_tema_seq_uq').on(t.id_tema, t.seq),
    uniqueIndex('foro_mensaje_cliente_uq').on(t.id_tema, t.autor_tipo, t.autor_id, t.id_cliente),
  ],
);

/** Up to which post a participant has read a topic (unread counts per topic). */
export const foroLectura = pgTable(
  'foro_lectura',
  {
    id_tema: integer('id_tema')
      .notNull()
      .references(() => foroTema.id_tema, { onDelete: 'cascade' }),
    id_participante: integer('id_participante')
      .notNull()
      .references(() => foroParticipante.id_participante, { onDelete: 'cascade' }),
    hasta_seq: integer('hasta_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.id_tema, t.id_participante] })],
);

/** A forum admin's invitation of a psychologist to moderate (docs/decisions/160). */
export const foroInvitacion = pgTable(
  'foro_invitacion',
  {
    id_invitacion: serial('id_invitacion').primaryKey(),
    id_foro: integer('id_foro')
      .notNull()
      .references(() => foro.id_foro, { onDelete: 'cascade' }),
    id_invitador: integer('id_invitador').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    id_invitado: integer('id_invitado')
      .notNull()
      .references(() => psicologo.id_psicologo, { onDelete: 'cascade' }),
    mensaje: text('mensaje'),
    estado: text('estado').notNull().default('pendiente'),
    fecha_invitacion: instante('fecha_invitacion').notNull().defaultNow(),
    fecha_respuesta: instante('fecha_respuesta'),
  },
  (t) => [
    check('foro_invitacion_estado_ck', sql`${t.estado} in ('pendiente','aceptada','rechazada')`),
    check('foro_invitacion_mensaje_ck', sql`${t.mensaje} is null or char_length(${t.mensaje}) <= 500`),
    uniqueIndex('foro_invitacion_pendiente_uq').on(t.id_foro, t.id_invitado).where(sql`${t.estado} = 'pendiente'`),
    index('foro_invitacion_invitado_idx').on(t.id_invitado, t.estado),
  ],
);

/** A participant's report of a post, for the forum's moderators (one per post and reporter).
 * `motivo` is encrypted at rest (decision 311); its 500 characters are checked on the plain text. */
export const foroReporte = pgTable(
  'foro_reporte',
  {
    id_reporte: serial('id_reporte').primaryKey(),
    id_mensaje: bigint('id_mensaje', { mode: 'number' })
      .notNull()
      .references(() => foroMensaje.id_mensaje, { onDelete: 'cascade' }),
    id_participante: integer('id_participante')
      .notNull()
      .references(() => foroParticipante.id_participante, { onDelete: 'cascade' }),
    motivo: text('motivo'),
    fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [
    check('foro_reporte_motivo_ck', sql`${t.motivo} is null or char_length(${t.motivo}) <= 3000`),
    uniqueIndex('foro_reporte_uq').on(t.id_mensaje, t.id_participante),
  ],
);

/** An account a moderator removed from a forum: it cannot join that forum again by itself. */
export const foroBloqueo = pgTable(
  'foro_bloqueo',
  {
    id_foro: integer('id_foro')
      .notNull()
      .references(() => foro.id_foro, { onDelete: 'cascade' }),
    cuenta_tipo: text('cuenta_tipo').notNull(),
    cuenta_id: integer('cuenta_id').notNull(),
    fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id_foro, t.cuenta_tipo, t.cuenta_id] }),
    check('foro_bloqueo_tipo_ck', sql`${t.cuenta_tipo} in ('psicologo','paciente')`),
  ],
);
