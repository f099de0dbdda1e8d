// Every SQL statement of grief modules, activity templates, assignments and evidence.
import type { PlantillaDatos } from '@miduelo/shared/actividades';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filas } from '../../db/filas';
import { actividad, actividadAsignada, evidencia, moduloDuelo, progresoHistorial } from '../../db/schema/actividades';
import { paciente, psicologo } from '../../db/schema/cuentas';

// ---------------------------------------------------------------- templates

/** A template a psychologist may see: the module catalogue and their own, not deleted. */
const visiblePara = (idPsicologo: number) =>
  and(isNull(actividad.eliminada_en), or(eq(actividad.origen, 'modulo'), eq(actividad.id_psicologo_creador, idPsicologo)));

function columnasPlantilla(idPsicologo: number) {
  // Counts over the caller's current patients only: another practice's use of a module activity
  // is not theirs to see.
  const deMisPacientes = sql`from ${actividadAsignada} aa join ${paciente} p on p.id_paciente = aa.id_paciente
    where aa.id_actividad = ${actividad.id_actividad} and p.id_psicologo = ${idPsicologo}`;
  return {
    id_actividad: actividad.id_actividad,
    titulo: actividad.titulo,
    descripcion: actividad.descripcion,
    tipo: actividad.tipo,
    obligatoria: actividad.obligatoria,
    repetitiva: actividad.repetitiva,
    periodo: actividad.periodo,
    archivo_url: actividad.archivo_url,
    origen: sql<'personalizada' | 'modulo'>`${actividad.origen}`,
    etapa_duelo: moduloDuelo.etapa_duelo,
    id_psicologo_creador: actividad.id_psicologo_creador,
    fecha_creacion: actividad.fecha_creacion,
    asignaciones_activas: sql<number>`(select count(*)::int ${deMisPacientes} and aa.estado = 'en_proceso')`,
    asignaciones_totales: sql<number>`(select count(*)::int ${deMisPacientes})`,
  };
}

/** Personal activities first, newest first; the clients keep this order in their live lists
 * (ordenCatalogo in shared/actividades). */
export async function plantillasVisibles(db: DbOrTx, o: { idPsicologo: number; soloPropias: boolean; termino?: string }) {
  const filtros = [visiblePara(o.idPsicologo)];
  if (o.soloPropias) filtros.push(eq(actividad.id_psicologo_creador, o.idPsicologo));
  if (o.termino) {
    const patron = `%${o.termino.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtros.push(
      sql`(${actividad.titulo} ilike ${patron} or ${actividad.descripcion} ilike ${patron} or ${actividad.tipo} ilike ${patron})`,
    );
  }
  return db
    .select(columnasPlantilla(o.idPsicologo))
    .from(actividad)
    .leftJoin(moduloDuelo, eq(moduloDuelo.id_modulo, actividad.id_modulo))
    .where(and(...filtros))
    .orderBy(
      sql`${actividad.origen} = 'modulo'`,
      desc(actividad.fecha_creacion),
      asc(moduloDuelo.orden),
      asc(actividad.orden),
      desc(actividad.id_actividad),
    );
}

export async function plantillaVisible(db: DbOrTx, idPsicologo: number, idActividad: number) {
  const [f] = await db
    .select(columnasPlantilla(idPsicologo))
    .from(actividad)
    .leftJoin(moduloDuelo, eq(moduloDuelo.id_modulo, actividad.id_modulo))
    .where(and(eq(actividad.id_actividad, idActividad), visiblePara(idPsicologo)));
  return f ?? null;
}

/** The raw row, locked, for an edit or a deletion. */
export async function plantillaParaCambio(db: DbOrTx, idActividad: number) {
  const [f] = await db
    .select({ origen: actividad.origen, id_psicologo_creador: actividad.id_psicologo_creador, eliminada_en: actividad.eliminada_en })
    .from(actividad)
    .where(eq(actividad.id_actividad, idActividad))
    .for('update');
  return f ?? null;
}

export async function insertarPlantilla(db: DbOrTx, idPsicologo: number, d: PlantillaDatos, ahora: Date) {
  const [f] = await db
    .insert(actividad)
    .values({ ...d, origen: 'personalizada', id_psicologo_creador: idPsicologo, fecha_creacion: ahora })
    .returning({ id: actividad.id_actividad });
  return f.id;
}

export async function actualizarPlantilla(db: DbOrTx, idActividad: number, d: PlantillaDatos) {
  await db.update(actividad).set(d).where(eq(actividad.id_actividad, idActividad));
}

export async function marcarPlantillaEliminada(db: DbOrTx, idActividad: number, ahora: Date) {
  await db.update(actividad).set({ eliminada_en: ahora }).where(eq(actividad.id_actividad, idActividad));
}

// ---------------------------------------------------------------- assignments

export type FilaAsignacion = Awaited<ReturnType<typeof asignacionesDe>>[number];

const columnasAsignacion = {
  id_asignacion: actividadAsignada.id_asignacion,
  id_actividad: actividadAsignada.id_actividad,
  id_paciente: actividadAsignada.id_paciente,
  id_psicologo_paciente: paciente.id_psicologo,
  estado: sql<'en_proceso' | 'finalizada'>`${actividadAsignada.estado}`,
  prioridad: sql<'baja' | 'media' | 'alta'>`${actividadAsignada.prioridad}`,
  fecha_asignacion: actividadAsignada.fecha_asignacion,
  fecha_limite: actividadAsignada.fecha_limite,
  fecha_completada: actividadAsignada.fecha_completada,
  instrucciones_personalizadas: actividadAsignada.instrucciones_personalizadas,
  visible_para_psicologo: actividadAsignada.visible_para_psicologo,
  revisada_en: actividadAsignada.revisada_en,
  recordatorio_en: actividadAsignada.recordatorio_en,
  version: actividadAsignada.version,
  actividad: {
    titulo: actividad.titulo,
    descripcion: actividad.descripcion,
    tipo: actividad.tipo,
    origen: sql<'personalizada' | 'modulo'>`${actividad.origen}`,
    etapa_duelo: moduloDuelo.etapa_duelo,
    obligatoria: actividad.obligatoria,
    repetitiva: actividad.repetitiva,
    periodo: actividad.periodo,
    archivo_url: actividad.archivo_url,
  },
};

function consultaAsignaciones(db: DbOrTx) {
  return db
    .select(columnasAsignacion)
    .from(actividadAsignada)
    .innerJoin(actividad, eq(actividad.id_actividad, actividadAsignada.id_actividad))
    .innerJoin(paciente, eq(paciente.id_paciente, actividadAsignada.id_paciente))
    .leftJoin(moduloDuelo, eq(moduloDuelo.id_modulo, actividad.id_modulo));
}

/** Newest first; the clients keep this order in their live lists (masRecienteAsignacion in shared/actividades). */
export async function asignacionesDe(db: DbOrTx, idPaciente: number) {
  return consultaAsignaciones(db)
    .where(eq(actividadAsignada.id_paciente, idPaciente))
    .orderBy(desc(actividadAsignada.fecha_asignacion), desc(actividadAsignada.id_asignacion));
}

export async function asignacionesPorIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return consultaAsignaciones(db).where(inArray(actividadAsignada.id_asignacion, ids)).orderBy(asc(actividadAsignada.id_asignacion));
}

export async function asignacion(db: DbOrTx, id: number) {
  const [f] = await consultaAsignaciones(db).where(eq(actividadAsignada.id_asignacion, id));
  return f ?? null;
}

/** Locks the assignment row (and so serializes changes to it) and tells whose it is. */
export async function bloquearAsignacion(db: DbOrTx, id: number) {
  const [f] = await db
    .select({
      id_asignacion: actividadAsignada.id_asignacion,
      id_paciente: actividadAsignada.id_paciente,
      estado: actividadAsignada.estado,
      fecha_limite: actividadAsignada.fecha_limite,
      recordatorio_en: actividadAsignada.recordatorio_en,
      visible_para_psicologo: actividadAsignada.visible_para_psicologo,
    })
    .from(actividadAsignada)
    .where(eq(actividadAsignada.id_asignacion, id))
    .for('update');
  if (!f) return null;
  const [p] = await db.select({ id_psicologo: paciente.id_psicologo }).from(paciente).where(eq(paciente.id_paciente, f.id_paciente));
  return { ...f, id_psicologo_paciente: p?.id_psicologo ?? null };
}

/** Serializes the requests that carry one client id (decision 313) until the transaction ends:
 * a concurrent retry waits, then finds what the first one stored. Two-key form, a key space apart
 * from the migrations' lock. */
export async function bloquearIdCliente(db: DbOrTx, idCliente: string) {
  await db.execute(sql`select pg_advisory_xact_lock(313, hashtext(${idCliente}::text))`);
}

/** Serializes the evidence uploads of one patient (over all their assignments) until the
 * transaction ends, so that concurrent uploads cannot pass the storage quota together (decision 334). */
export async function bloquearCuotaPaciente(db: DbOrTx, idPaciente: number) {
  await db.execute(sql`select pg_advisory_xact_lock(334, ${idPaciente}::int)`);
}

/** Bytes of the evidence files stored for one patient, both sides, every assignment (decision 334). */
export async function bytesDeEvidencias(db: DbOrTx, idPaciente: number): Promise<number> {
  const [f] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${evidencia.tamano}), 0)` })
    .from(evidencia)
    .innerJoin(actividadAsignada, eq(actividadAsignada.id_asignacion, evidencia.id_asignacion))
    .where(eq(actividadAsignada.id_paciente, idPaciente));
  return Number(f?.total ?? 0);
}

/** The assignments a request with this client id stored, oldest first, with the psychologist who
 * assigned them and the patient's psychologist now. */
export async function asignacionesPorCliente(db: DbOrTx, idCliente: string) {
  return db
    .select({
      id: actividadAsignada.id_asignacion,
      id_psicologo: actividadAsignada.id_psicologo,
      id_psicologo_paciente: paciente.id_psicologo,
    })
    .from(actividadAsignada)
    .innerJoin(paciente, eq(paciente.id_paciente, actividadAsignada.id_paciente))
    .where(eq(actividadAsignada.id_cliente, idCliente))
    .orderBy(asc(actividadAsignada.id_asignacion));
}

export async function insertarAsignaciones(db: DbOrTx, filas: Array<typeof actividadAsignada.$inferInsert>) {
  return db
    .insert(actividadAsignada)
    .values(filas)
    .returning({ id: actividadAsignada.id_asignacion, id_paciente: actividadAsignada.id_paciente });
}

export async function actualizarAsignacion(db: DbOrTx, id: number, cambios: Partial<typeof actividadAsignada.$inferInsert>) {
  await db
    .update(actividadAsignada)
    .set({ ...cambios, version: sql`${actividadAsignada.version} + 1` })
    .where(eq(actividadAsignada.id_asignacion, id));
}

export async function eliminarAsignacion(db: DbOrTx, id: number) {
  await db.delete(actividadAsignada).where(eq(actividadAsignada.id_asignacion, id));
}

/** The patient's most recent assignment of a module activity still in progress, if any. */
export async function asignacionEnProceso(db: DbOrTx, idPaciente: number, idActividad: number) {
  const [f] = await db
    .select({ id: actividadAsignada.id_asignacion })
    .from(actividadAsignada)
    .where(
      and(
        eq(actividadAsignada.id_paciente, idPaciente),
        eq(actividadAsignada.id_actividad, idActividad),
        eq(actividadAsignada.estado, 'en_proceso'),
      ),
    );
  return f?.id ?? null;
}

// ---------------------------------------------------------------- evidence

export type FilaEvidencia = typeof evidencia.$inferSelect;

export async function evidenciasDe(db: DbOrTx, idsAsignacion: number[]): Promise<FilaEvidencia[]> {
  if (idsAsignacion.length === 0) return [];
  return db
    .select()
    .from(evidencia)
    .where(inArray(evidencia.id_asignacion, idsAsignacion))
    .orderBy(desc(evidencia.fecha_subida), desc(evidencia.id_evidencia));
}

export async function evidenciaConAsignacion(db: DbOrTx, idEvidencia: number) {
  const [f] = await db
    .select({
      ev: evidencia,
      id_paciente: actividadAsignada.id_paciente,
      visible_para_psicologo: actividadAsignada.visible_para_psicologo,
      id_psicologo_paciente: paciente.id_psicologo,
    })
    .from(evidencia)
    .innerJoin(actividadAsignada, eq(actividadAsignada.id_asignacion, evidencia.id_asignacion))
    .innerJoin(paciente, eq(paciente.id_paciente, actividadAsignada.id_paciente))
    .where(eq(evidencia.id_evidencia, idEvidencia));
  return f ?? null;
}

/** The evidence one side stored on an assignment with this client id (decision 313), if any. */
export async function evidenciaPorCliente(db: DbOrTx, idAsignacion: number, subidaPor: 'paciente' | 'psicologo', idCliente: string) {
  const [f] = await db
    .select({
      id: evidencia.id_evidencia,
      clave: evidencia.clave,
      enlace: evidencia.enlace,
      nombre_archivo: evidencia.nombre_archivo,
      tamano: evidencia.tamano,
      comentario: evidencia.comentario,
    })
    .from(evidencia)
    .where(and(eq(evidencia.id_asignacion, idAsignacion), eq(evidencia.subida_por, subidaPor), eq(evidencia.id_cliente, idCliente)));
  return f ?? null;
}

export async function insertarEvidencia(db: DbOrTx, fila: typeof evidencia.$inferInsert) {
  const [f] = await db.insert(evidencia).values(fila).returning({ id: evidencia.id_evidencia });
  return f.id;
}

export async function eliminarEvidencia(db: DbOrTx, id: number) {
  await db.delete(evidencia).where(eq(evidencia.id_evidencia, id));
}

export async function clavesDeAsignacion(db: DbOrTx, idAsignacion: number): Promise<string[]> {
  const filas = await db.select({ clave: evidencia.clave }).from(evidencia).where(eq(evidencia.id_asignacion, idAsignacion));
  return filas.flatMap((f) => (f.clave ? [f.clave] : []));
}

// ---------------------------------------------------------------- evidence files at rest (decision 310)

/** Evidences with a file stored before files were encrypted (no key recorded). */
export async function contarEvidenciasSinLlave(db: DbOrTx): Promise<number> {
  const [f] = await filas<{ legadas: number }>(
    db,
    sql`select count(*)::int as legadas from evidencia where clave is not null and llave_archivo is null`,
  );
  return f?.legadas ?? 0;
}

/** The next batch of evidences whose file is not under `llave`, after id `desde`, locked. */
export function evidenciasPorCifrar(tx: DbOrTx, o: { llave: string; desde: number; lote: number }) {
  return filas<{ id_evidencia: number; clave: string }>(
    tx,
    sql`select id_evidencia, clave from evidencia
         where clave is not null and llave_archivo is distinct from ${o.llave} and id_evidencia > ${o.desde}
         order by id_evidencia limit ${o.lote} for update`,
  );
}

export async function marcarEvidenciasCifradas(tx: DbOrTx, ids: number[], llave: string): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update evidencia set llave_archivo = ${llave}
                        where id_evidencia in (select unnest(${`{${ids.join(',')}}`}::int[]))`);
}

/** Every stored file name an evidence references. */
export async function clavesDeEvidencias(db: DbOrTx): Promise<string[]> {
  return (await filas<{ clave: string }>(db, sql`select clave from evidencia where clave is not null`)).map((f) => f.clave);
}

// ---------------------------------------------------------------- modules

export async function modulos(db: DbOrTx) {
  return db.select().from(moduloDuelo).orderBy(asc(moduloDuelo.orden));
}

export async function actividadesDeModulos(db: DbOrTx) {
  return db
    .select({
      id_actividad: actividad.id_actividad,
      id_modulo: actividad.id_modulo,
      titulo: actividad.titulo,
      descripcion: actividad.descripcion,
      tipo: actividad.tipo,
    })
    .from(actividad)
    .where(and(eq(actividad.origen, 'modulo'), isNull(actividad.eliminada_en)))
    .orderBy(asc(actividad.id_modulo), asc(actividad.orden), asc(actividad.id_actividad));
}

/** Who a reminder goes to, and the psychologist's name it is signed with. */
export async function contactoPaciente(db: DbOrTx, idPaciente: number) {
  const [f] = await db
    .select({
      email: paciente.email,
      nombre: paciente.nombre,
      psicologo: sql<string | null>`${psicologo.nombre} || ' ' || ${psicologo.apellidoPaterno}`,
    })
    .from(paciente)
    .leftJoin(psicologo, eq(psicologo.id_psicologo, paciente.id_psicologo))
    .where(eq(paciente.id_paciente, idPaciente));
  return f ? { ...f, psicologo: f.psicologo ?? 'tu psicólogo' } : null;
}

// ---------------------------------------------------------------- progress history

export async function guardarProgreso(
  db: DbOrTx,
  filas: Array<{ id_paciente: number; id_modulo: number; fecha: string; progreso: number }>,
) {
  if (filas.length === 0) return;
  await db
    .insert(progresoHistorial)
    .values(filas)
    .onConflictDoUpdate({
      target: [progresoHistorial.id_paciente, progresoHistorial.id_modulo, progresoHistorial.fecha],
      set: { progreso: sql`excluded.progreso` },
    });
}

export function historialDe(db: DbOrTx, idPaciente: number) {
  return db
    .select({ fecha: progresoHistorial.fecha, id_modulo: progresoHistorial.id_modulo, progreso: progresoHistorial.progreso })
    .from(progresoHistorial)
    .where(eq(progresoHistorial.id_paciente, idPaciente))
    .orderBy(asc(progresoHistorial.fecha), asc(progresoHistorial.id_modulo));
}
