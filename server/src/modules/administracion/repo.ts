// Every statement of the administration's screens.
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filas } from '../../db/filas';
import { cita } from '../../db/schema/agenda';
import { auditoria } from '../../db/schema/auditoria';
import { chat, mensaje } from '../../db/schema/chat';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { citaPorVenir } from '../../comun/repo';

const { contrasenaHash: _h, versionSesion: _v, ...columnasPsicologo } = getTableColumns(psicologo);

// Written out: inside a subquery drizzle leaves column names unqualified, and both tables have id_psicologo.
const totalPacientes = sql<number>`(select count(*)::int from paciente pa where pa.id_psicologo = "psicologo"."id_psicologo")`;

export async function psicologos(db: DbOrTx, id?: number) {
  return db
    .select({ ...columnasPsicologo, total_pacientes: totalPacientes })
    .from(psicologo)
    .where(id === undefined ? undefined : eq(psicologo.id_psicologo, id))
    .orderBy(desc(psicologo.createdAt), desc(psicologo.id_psicologo));
}
export type FilaPsicologo = Awaited<ReturnType<typeof psicologos>>[number];

export async function psicologoBloqueado(db: DbOrTx, id: number) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.id_psicologo, id)).for('update');
  return p ?? null;
}

export async function fijarCedulaValidada(db: DbOrTx, id: number, valor: boolean) {
  await db.update(psicologo).set({ cedula_validada: valor }).where(eq(psicologo.id_psicologo, id));
}

const columnasPaciente = {
  id_paciente: paciente.id_paciente,
  nombre: paciente.nombre,
  apellido_paterno: paciente.apellido_paterno,
  apellido_materno: paciente.apellido_materno,
  email: paciente.email,
  telefono: paciente.telefono,
  fecha_nacimiento: paciente.fecha_nacimiento,
  id_psicologo: paciente.id_psicologo,
  status: paciente.status,
  createdAt: paciente.createdAt,
  p_id: psicologo.id_psicologo,
  p_nombre: psicologo.nombre,
  p_apellidoPaterno: psicologo.apellidoPaterno,
  p_apellidoMaterno: psicologo.apellidoMaterno,
  p_correo: psicologo.correo,
};

export async function pacientes(db: DbOrTx, id?: number) {
  return db
    .select(columnasPaciente)
    .from(paciente)
    .leftJoin(psicologo, eq(psicologo.id_psicologo, paciente.id_psicologo))
    .where(id === undefined ? undefined : eq(paciente.id_paciente, id))
    .orderBy(desc(paciente.createdAt), desc(paciente.id_paciente));
}
export type FilaPaciente = Awaited<ReturnType<typeof pacientes>>[number];

export async function pacienteBloqueado(db: DbOrTx, id: number) {
  const [p] = await db.select().from(paciente).where(eq(paciente.id_paciente, id)).for('update');
  return p ?? null;
}

export async function asignarPaciente(db: DbOrTx, idPaciente: number, idPsicologo: number) {
  await db.update(paciente).set({ id_psicologo: idPsicologo }).where(eq(paciente.id_paciente, idPaciente));
}

/** What deleting a psychologist takes with it (decision 141), counted before the delete. */
export async function alcanceEliminacion(db: DbOrTx, id: number) {
  const ids = await db.select({ id: paciente.id_paciente }).from(paciente).where(eq(paciente.id_psicologo, id));
  const [citas] = await db.select({ n: count() }).from(cita).where(eq(cita.id_psicologo, id));
  const [chats] = await db.select({ n: count() }).from(chat).where(sql`${chat.id_psicologo} = ${id} or ${chat.id_admin} = ${id}`);
  return { pacientes: ids.map((x) => x.id), citas: Number(citas?.n ?? 0), chats: Number(chats?.n ?? 0) };
}

const columnasCitaPorVenir = {
  id_cita: cita.id_cita,
  id_agenda: cita.id_agenda,
  id_paciente: cita.id_paciente,
  fecha: cita.fecha,
  hora_inicio: cita.hora_inicio,
  hora_fin: cita.hora_fin,
  duracion: cita.duracion,
  modalidad: cita.modalidad,
  estado: cita.estado,
  notas: cita.notas,
  origen: cita.origen,
  version: cita.version,
};

/** The psychologist's appointments still to come (not cancelled, not ended in the clinic's time),
 * read before the delete takes them along: their patients' apps are told (decision 276). `notas`
 * is still ciphertext here. */
export async function citasPorVenir(db: DbOrTx, id: number, o: { hoy: string; hora: string }) {
  return db
    .select(columnasCitaPorVenir)
    .from(cita)
    .where(and(eq(cita.id_psicologo, id), citaPorVenir(o)));
}

/** A patient's appointments still to come with one psychologist, locked: the reassignment cancels
 * them (decision 300). `notas` is still ciphertext here. */
export async function citasPorVenirDelPaciente(db: DbOrTx, o: { idPsicologo: number; idPaciente: number; hoy: string; hora: string }) {
  return db
    .select(columnasCitaPorVenir)
    .from(cita)
    .where(and(eq(cita.id_psicologo, o.idPsicologo), eq(cita.id_paciente, o.idPaciente), citaPorVenir(o)))
    .orderBy(asc(cita.fecha), asc(cita.hora_inicio))
    .for('update');
}

/** Cancels appointments as the agenda does (the row stays, red; a new version for live clients). */
export async function cancelarCitas(db: DbOrTx, ids: number[], ahora: Date) {
  if (ids.length === 0) return;
  await db
    .update(cita)
    .set({ estado: 'cancelada', version: sql`${cita.version} + 1`, updatedAt: ahora })
    .where(inArray(cita.id_cita, ids));
}

/** Patients first become unassigned (explicitly, not through the foreign key, so it is counted and
 * audited); appointments, availability and chats go with the account (their foreign keys cascade). */
export async function eliminarPsicologo(db: DbOrTx, id: number) {
  await db.update(paciente).set({ id_psicologo: null }).where(eq(paciente.id_psicologo, id));
  await db.delete(psicologo).where(eq(psicologo.id_psicologo, id));
}

type Cifra = 'total' | 'activos' | 'inactivos' | 'pacientes' | 'validadas' | 'pendientes' | 'mensajes' | 'citas';

/** The dashboard's figures in one round trip. "Today" is the clinic's date; messages count from its
 * midnight in the clinic's zone. */
export async function estadisticas(db: DbOrTx, o: { hoy: string; zona: string }) {
  const noAdmin = sql`not ${psicologo.rol_admin}`;
  const [f = {}] = await filas<Partial<Record<Cifra, number>>>(
    db,
    sql`select
    (select count(*)::int from ${psicologo} where ${noAdmin}) as total,
    (select count(*)::int from ${psicologo} where ${noAdmin} and ${psicologo.status} = 'activo') as activos,
    (select count(*)::int from ${psicologo} where ${noAdmin} and ${psicologo.status} = 'inactivo') as inactivos,
    (select count(*)::int from ${paciente}) as pacientes,
    (select count(*)::int from ${psicologo} where ${noAdmin} and ${psicologo.cedula_validada}) as validadas,
    (select count(*)::int from ${psicologo} where ${noAdmin} and not ${psicologo.cedula_validada}) as pendientes,
    (select count(*)::int from ${mensaje} where ${mensaje.fecha_envio} >= (${o.hoy}::date::timestamp at time zone ${o.zona})) as mensajes,
    (select count(*)::int from ${cita} where ${cita.fecha} = ${o.hoy}::date and ${cita.estado} <> 'cancelada') as citas`,
  );
  return {
    totalPsicologos: Number(f.total ?? 0),
    psicologosActivos: Number(f.activos ?? 0),
    psicologosInactivos: Number(f.inactivos ?? 0),
    totalPacientes: Number(f.pacientes ?? 0),
    cedulasValidadas: Number(f.validadas ?? 0),
    cedulasPendientes: Number(f.pendientes ?? 0),
    mensajesHoy: Number(f.mensajes ?? 0),
    citasHoy: Number(f.citas ?? 0),
  };
}

export async function filasAuditoria(
  db: DbOrTx,
  o: { actor_tipo?: string; accion?: string; recurso?: string; actor_id?: number; limite: number; desplazamiento: number },
) {
  const condiciones: SQL[] = [];
  if (o.actor_tipo) condiciones.push(eq(auditoria.actor_tipo, o.actor_tipo));
  if (o.accion) condiciones.push(eq(auditoria.accion, o.accion));
  if (o.recurso) condiciones.push(eq(auditoria.recurso, o.recurso));
  if (o.actor_id !== undefined) condiciones.push(eq(auditoria.actor_id, o.actor_id));
  const donde = condiciones.length ? and(...condiciones) : undefined;
  const [total] = await db.select({ n: count() }).from(auditoria).where(donde);
  const filas = await db
    .select({
      ...getTableColumns(auditoria),
      actor_nombre: sql<string | null>`case when "auditoria"."actor_tipo" in ('psicologo','admin')
        then (select ps.nombre || ' ' || ps.apellido_paterno from psicologo ps where ps.id_psicologo = "auditoria"."actor_id")
        when "auditoria"."actor_tipo" = 'paciente'
        then (select pa.nombre || ' ' || pa.apellido_paterno from paciente pa where pa.id_paciente = "auditoria"."actor_id")
        end`,
    })
    .from(auditoria)
    .where(donde)
    .orderBy(desc(auditoria.fecha), desc(auditoria.id_auditoria))
    .limit(o.limite)
    .offset(o.desplazamiento);
  return { total: Number(total?.n ?? 0), filas };
}
