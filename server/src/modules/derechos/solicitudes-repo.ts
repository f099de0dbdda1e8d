// Every SQL statement of the ARCO requests (decision 378).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paciente } from '../../db/schema/cuentas';
import { solicitudArco } from '../../db/schema/derechos';

export type FilaSolicitud = typeof solicitudArco.$inferSelect;

const columnasAdmin = {
  s: solicitudArco,
  nombre: paciente.nombre,
  apellido_paterno: paciente.apellido_paterno,
  apellido_materno: paciente.apellido_materno,
  email: paciente.email,
};
export type FilaSolicitudAdmin = {
  s: FilaSolicitud;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string | null;
  email: string;
};

export async function insertarSolicitud(
  db: DbOrTx,
  v: { idPaciente: number; tipo: string; motivo: string; recibidaEn: Date; venceEl: string },
): Promise<FilaSolicitud | null> {
  const [f] = await db
    .insert(solicitudArco)
    .values({ id_paciente: v.idPaciente, tipo: v.tipo, motivo: v.motivo, recibida_en: v.recibidaEn, vence_el: v.venceEl })
    .onConflictDoNothing()
    .returning();
  return f ?? null;
}

export async function solicitudesDePaciente(db: DbOrTx, idPaciente: number): Promise<FilaSolicitud[]> {
  return db.select().from(solicitudArco).where(eq(solicitudArco.id_paciente, idPaciente)).orderBy(desc(solicitudArco.recibida_en));
}

/** The queue: pending first by deadline; with `todas`, the resolved ones after, newest first. */
export async function solicitudesAdmin(db: DbOrTx, o: { soloPendientes: boolean; ids?: number[] }): Promise<FilaSolicitudAdmin[]> {
  const filtro = o.ids
    ? sql`${solicitudArco.id_solicitud} in ${o.ids}`
    : o.soloPendientes
      ? eq(solicitudArco.estado, 'pendiente')
      : undefined;
  return db
    .select(columnasAdmin)
    .from(solicitudArco)
    .innerJoin(paciente, eq(paciente.id_paciente, solicitudArco.id_paciente))
    .where(filtro)
    .orderBy(
      sql`(${solicitudArco.estado} = 'pendiente') desc`,
      sql`case when ${solicitudArco.estado} = 'pendiente' then ${solicitudArco.vence_el} end asc`,
      desc(solicitudArco.resuelta_en),
      asc(solicitudArco.id_solicitud),
    )
    .limit(500);
}

/** The request, locked for its resolution. */
export async function solicitudParaResolver(db: DbOrTx, id: number): Promise<FilaSolicitud | null> {
  const [f] = await db.select().from(solicitudArco).where(eq(solicitudArco.id_solicitud, id)).for('update');
  return f ?? null;
}

export async function marcarResuelta(
  db: DbOrTx,
  o: { id: number; resultado: string; respuesta: string | null; resueltaEn: Date; idAdmin: number; ficha: string | null },
): Promise<boolean> {
  const r = await db
    .update(solicitudArco)
    .set({
      estado: 'resuelta',
      resultado: o.resultado,
      respuesta: o.respuesta,
      resuelta_en: o.resueltaEn,
      id_admin_resuelve: o.idAdmin,
      ...(o.ficha ? { ficha_retenida: o.ficha } : {}),
    })
    .where(and(eq(solicitudArco.id_solicitud, o.id), eq(solicitudArco.estado, 'pendiente')))
    .returning({ id: solicitudArco.id_solicitud });
  return r.length > 0;
}

/** Name, address and psychologist of a patient (to answer her by mail; to tell her psychologist). */
export async function contactoPaciente(db: DbOrTx, idPaciente: number) {
  const [f] = await db
    .select({ nombre: paciente.nombre, email: paciente.email, id_psicologo: paciente.id_psicologo })
    .from(paciente)
    .where(eq(paciente.id_paciente, idPaciente));
  return f ?? null;
}
