import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Cita } from '@miduelo/shared/agenda';
import { recortarHora } from '@miduelo/shared/agenda-tiempo';
import type { Cifrador } from '../../comun/cifrado';
import { citaPorVenir, columnasCita, marcaAniversarioCita } from '../../comun/repo';
import type { ColumnaCifrada } from '../../db/cifrar-pendientes';
import type { DbOrTx } from '../../db/client';
import { filasPreparadas } from '../../plugins/db';
import { cita } from '../../db/schema/agenda';
import { avisoAniversario } from '../../db/schema/aniversario';
import { paciente, psicologo } from '../../db/schema/cuentas';

const columnasPaciente = {
  id_paciente: paciente.id_paciente,
  nombre: paciente.nombre,
  apellido_paterno: paciente.apellido_paterno,
  apellido_materno: paciente.apellido_materno,
  email: paciente.email,
  telefono: paciente.telefono,
  fecha_nacimiento: paciente.fecha_nacimiento,
  // The column is text; its values are the two of the check constraint.
  status: sql<'activo' | 'inactivo'>`${paciente.status}`,
  fecha_perdida: paciente.fecha_perdida,
  // Encrypted (AAD COLUMNA_PERSONA_PERDIDA); the service opens it.
  persona_perdida: paciente.persona_perdida,
  // The clinical record's risk flag (decision 104): the latest completed application of some test
  // fell in that test's highest band. The results are encrypted; the clinical record keeps this one
  // derived bit per patient in paciente_en_riesgo (decision 335).
  riesgo: sql<boolean>`exists (select 1 from paciente_en_riesgo r where r.id_paciente = "paciente"."id_paciente")`,
};

/** A row of the patient list, as both drivers answer the statement below (dates as text). */
export interface FilaPaciente {
  id_paciente: number;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string | null;
  email: string;
  telefono: string;
  fecha_nacimiento: string;
  status: 'activo' | 'inactivo';
  fecha_perdida: string | null;
  persona_perdida: string | null;
  riesgo: boolean;
}

/**
 * The psychologist's patient list, the same columns as `columnasPaciente`, written as one SQL
 * statement and run through `execute` (decision 221): the rows come from the driver as they are, so
 * drizzle neither rebuilds the query nor maps 200 rows cell by cell on every request (27 % of the
 * request's CPU), and PostgreSQL runs it as a prepared statement (`filasPreparadas`). Dates stay
 * text on both drivers (drizzle's parsers), like the mapped query. The order is `porApellido`'s
 * (shared/nombres), which the web applies to the rows it patches live (decision 266), read from the
 * stored keys through their index (decision 284).
 */
export async function pacientesDePsicologo(db: DbOrTx, idPsicologo: number): Promise<FilaPaciente[]> {
  return filasPreparadas<FilaPaciente>(
    db,
    sql`
    select "paciente"."id_paciente", "paciente"."nombre", "paciente"."apellido_paterno", "paciente"."apellido_materno",
      "paciente"."email", "paciente"."telefono", "paciente"."fecha_nacimiento", "paciente"."status",
      "paciente"."fecha_perdida", "paciente"."persona_perdida",
      exists (select 1 from paciente_en_riesgo r where r.id_paciente = "paciente"."id_paciente") as "riesgo"
    from "paciente"
    where "paciente"."id_psicologo" = ${idPsicologo}::int
    order by "paciente"."clave_apellido", "paciente"."clave_nombre", "paciente"."id_paciente"`,
  );
}

/** A patient only when assigned to this psychologist: another's patient reads as absent. */
export async function pacienteDePsicologo(db: DbOrTx, idPsicologo: number, idPaciente: number) {
  const [p] = await db
    .select(columnasPaciente)
    .from(paciente)
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)));
  return p ?? null;
}

/** The AAD of who was lost: its ciphertext opens only in this column (decision 070). */
export const COLUMNA_PERSONA_PERDIDA = 'paciente.persona_perdida';

/** The loss's encrypted columns, encrypted or re-encrypted at start (decisions 128, 336). */
export const COLUMNAS_PERDIDA: ColumnaCifrada[] = [
  { tabla: 'paciente', clave: 'id_paciente', columna: 'persona_perdida' },
  { tabla: 'paciente', clave: 'id_paciente', columna: 'fecha_perdida' },
];

/** Sets or clears the loss of a patient of this psychologist; false when not theirs. */
export async function guardarPerdida(
  db: DbOrTx,
  o: { idPsicologo: number; idPaciente: number; fecha_perdida: string | null; persona_perdida: string | null },
): Promise<boolean> {
  const r = await db
    .update(paciente)
    .set({ fecha_perdida: o.fecha_perdida, persona_perdida: o.persona_perdida })
    .where(and(eq(paciente.id_paciente, o.idPaciente), eq(paciente.id_psicologo, o.idPsicologo)))
    .returning({ id: paciente.id_paciente });
  return r.length > 0;
}

export async function perfilBasico(db: DbOrTx, idPsicologo: number) {
  const [p] = await db
    .select({
      id_psicologo: psicologo.id_psicologo,
      nombre: psicologo.nombre,
      apellidoPaterno: psicologo.apellidoPaterno,
      apellidoMaterno: psicologo.apellidoMaterno,
      codigo_vinculacion: psicologo.codigo_vinculacion,
    })
    .from(psicologo)
    .where(eq(psicologo.id_psicologo, idPsicologo));
  return p ?? null;
}

/** The patient's next appointment with this psychologist that is not cancelled and has not ended
 * (the patient file's card; the agenda module owns the appointments, this is a read of them). */
export async function proximaCita(
  db: DbOrTx,
  cif: Cifrador,
  o: { idPsicologo: number; idPaciente: number; hoy: string; hora: string },
): Promise<Cita | null> {
  const [f] = await db
    .select(columnasCita)
    .from(cita)
    .innerJoin(paciente, eq(paciente.id_paciente, cita.id_paciente))
    .where(and(eq(cita.id_psicologo, o.idPsicologo), eq(cita.id_paciente, o.idPaciente), citaPorVenir(o)))
    .orderBy(asc(cita.fecha), asc(cita.hora_inicio))
    .limit(1);
  // modalidad, estado and origen are text columns holding the values of their check constraints.
  if (!f) return null;
  // Notes are stored encrypted, bound to their column (decision 070).
  const { fecha_perdida, ...c } = f;
  const notas = c.notas === null ? null : cif.leer(c.notas, 'cita.notas');
  return {
    ...c,
    notas,
    aniversario: marcaAniversarioCita(cif, fecha_perdida, c.fecha),
    hora_inicio: recortarHora(c.hora_inicio),
    hora_fin: recortarHora(c.hora_fin),
  } as Cita;
}

/** Patients with a loss and an active psychologist; the date still encrypted (decision 336): the
 * job opens it and keeps the coming week's anniversaries. */
export async function candidatosAniversario(db: DbOrTx) {
  const filas = await db
    .select({
      id_paciente: paciente.id_paciente,
      nombre: paciente.nombre,
      apellido_paterno: paciente.apellido_paterno,
      apellido_materno: paciente.apellido_materno,
      fecha_perdida: sql<string>`${paciente.fecha_perdida}`,
      correo: psicologo.correo,
      psicologoNombre: psicologo.nombre,
    })
    .from(paciente)
    .innerJoin(psicologo, eq(psicologo.id_psicologo, paciente.id_psicologo))
    .where(and(isNotNull(paciente.fecha_perdida), eq(psicologo.status, 'activo')))
    .orderBy(asc(paciente.id_paciente));
  return filas;
}

/** Claims the (patient, year) anniversary mail unless sent or held by a live claim. */
export async function reclamarAvisoAniversario(
  db: DbOrTx,
  o: { idPaciente: number; anio: number; fecha: string; ahora: Date; vencido: Date },
): Promise<boolean> {
  const r = await db
    .insert(avisoAniversario)
    .values({ id_paciente: o.idPaciente, anio: o.anio, fecha_aniversario: o.fecha, reclamadoEn: o.ahora })
    .onConflictDoUpdate({
      target: [avisoAniversario.id_paciente, avisoAniversario.anio],
      set: { reclamadoEn: o.ahora, fecha_aniversario: o.fecha },
      setWhere: sql`${avisoAniversario.enviadoEn} is null and (${avisoAniversario.reclamadoEn} is null or ${avisoAniversario.reclamadoEn} < ${o.vencido.toISOString()}::timestamptz)`,
    })
    .returning({ id: avisoAniversario.id_paciente });
  return r.length > 0;
}

/** Marks sent (or releases) a claim, only while it is still ours. */
export async function cerrarAvisoAniversario(
  db: DbOrTx,
  o: { idPaciente: number; anio: number; reclamadoEn: Date; enviadoEn: Date | null },
) {
  await db
    .update(avisoAniversario)
    .set(o.enviadoEn ? { enviadoEn: o.enviadoEn } : { reclamadoEn: null })
    .where(
      and(
        eq(avisoAniversario.id_paciente, o.idPaciente),
        eq(avisoAniversario.anio, o.anio),
        eq(avisoAniversario.reclamadoEn, o.reclamadoEn),
        isNull(avisoAniversario.enviadoEn),
      ),
    );
}
