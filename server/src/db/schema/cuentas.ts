import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ordenAlfabetico } from '../orden-alfabetico';

/** Text compared by code points whatever the database's locale: the stored sort keys. */
const textoC = customType<{ data: string; notNull: true }>({ dataType: () => 'text COLLATE "C"' });

const creado = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const psicologo = pgTable(
  'psicologo',
  {
    id_psicologo: serial('id_psicologo').primaryKey(),
    nombre: text('nombre').notNull(),
    apellidoPaterno: text('apellido_paterno').notNull(),
    apellidoMaterno: text('apellido_materno'),
    fecha_nacimiento: date('fecha_nacimiento', { mode: 'string' }).notNull(),
    especialidad: text('especialidad').notNull(),
    cedula: text('cedula').notNull().unique(),
    telefono: text('telefono').notNull(),
    correo: text('correo').notNull().unique(),
    contrasenaHash: text('contrasena_hash').notNull(),
    codigo_vinculacion: text('codigo_vinculacion').notNull().unique(),
    status: text('status').notNull().default('activo'),
    cedula_validada: boolean('cedula_validada').notNull().default(false),
    rol_admin: boolean('rol_admin').notNull().default(false),
    direccionConsultorio: text('direccion_consultorio'),
    activadoEn: timestamp('activado_en', { withTimezone: true, mode: 'date' }),
    /** Bumped by password reset and disabling: every token of an older version is refused. */
    versionSesion: integer('version_sesion').notNull().default(0),
    createdAt: creado(),
  },
  (t) => [check('psicologo_status_ck', sql`${t.status} in ('activo','inactivo')`)],
);

export const paciente = pgTable(
  'paciente',
  {
    id_paciente: serial('id_paciente').primaryKey(),
    nombre: text('nombre').notNull(),
    apellido_paterno: text('apellido_paterno').notNull(),
    apellido_materno: text('apellido_materno'),
    email: text('email').notNull().unique(),
    telefono: text('telefono').notNull(),
    fecha_nacimiento: date('fecha_nacimiento', { mode: 'string' }).notNull(),
    id_psicologo: integer('id_psicologo').references(() => psicologo.id_psicologo, { onDelete: 'set null' }),
    contrasenaHash: text('contrasena_hash'),
    status: text('status').notNull().default('activo'),
    activadoEn: timestamp('activado_en', { withTimezone: true, mode: 'date' }),
    versionSesion: integer('version_sesion').notNull().default(0),
    /** Anniversary awareness (decision 128): the date of the loss, optional; 'yyyy-MM-dd' encrypted
     * at rest (decision 336, AAD `paciente.fecha_perdida`). */
    fecha_perdida: text('fecha_perdida'),
    /** Who was lost, optional; health text, stored encrypted (AAD 'paciente.persona_perdida'). */
    persona_perdida: text('persona_perdida'),
    createdAt: creado(),
    /** The surname and the name as they sort in the Spanish alphabet (`ordenAlfabetico`), kept by
     * PostgreSQL on every write so the patient list reads them in order instead of computing them
     * for each row of each request (decision 284). Never sent to anyone. */
    clave_apellido: textoC('clave_apellido')
      .notNull()
      .generatedAlwaysAs(ordenAlfabetico(sql.raw('"apellido_paterno"'))),
    clave_nombre: textoC('clave_nombre')
      .notNull()
      .generatedAlwaysAs(ordenAlfabetico(sql.raw('"nombre"'))),
  },
  (t) => [
    // The patient list's order within one psychologist (`pacientesDePsicologo`); its first column
    // serves every other lookup by psychologist.
    index('paciente_orden_idx').on(t.id_psicologo, t.clave_apellido, t.clave_nombre, t.id_paciente),
    check('paciente_status_ck', sql`${t.status} in ('activo','inactivo')`),
  ],
);

/** Activation and password-reset tokens: only their SHA-256 is stored; single use; expiring. */
export const tokenUnUso = pgTable(
  'token_un_uso',
  {
    id: serial('id').primaryKey(),
    proposito: text('proposito').notNull(),
    cuentaTipo: text('cuenta_tipo').notNull(),
    cuentaId: integer('cuenta_id').notNull(),
    hash: text('hash').notNull().unique(),
    expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
    usadoEn: timestamp('usado_en', { withTimezone: true, mode: 'date' }),
    /** What the token confirms beyond its account: the new address of an email change. */
    dato: text('dato'),
    createdAt: creado(),
  },
  (t) => [
    index('token_un_uso_cuenta_idx').on(t.cuentaTipo, t.cuentaId),
    check('token_proposito_ck', sql`${t.proposito} in ('activacion','restablecer','cambio_correo')`),
    check('token_cuenta_tipo_ck', sql`${t.cuentaTipo} in ('psicologo','paciente')`),
  ],
);

/** Session tokens revoked one by one (logout). Kept until they would have expired anyway. */
export const tokenRevocado = pgTable('token_revocado', {
  jti: text('jti').primaryKey(),
  expiraEn: timestamp('expira_en', { withTimezone: true, mode: 'date' }).notNull(),
});
