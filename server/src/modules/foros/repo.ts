// Queries of the forums. Every read of a forum goes through `visiblePara(actor)`: a private forum is
// seen only by its participants, so for anyone else it does not exist (404, no count, no title).
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { apellidoEnForo, nombreEnForo } from '../../comun/oposicion';
import type { DbOrTx } from '../../db/client';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { foro, foroBloqueo, foroInvitacion, foroParticipante, foroTema } from '../../db/schema/foros';

export type TipoCuenta = 'psicologo' | 'paciente';
/** Who acts: the account of the token (null: an anonymous visitor of the forum list). */
export interface Cuenta {
  tipo: TipoCuenta;
  id: number;
}
export type RolForo = 'miembro' | 'moderador' | 'admin';

/** The AAD of a post's text: its ciphertext opens only in this column (decision 070). */
export const COLUMNA_CONTENIDO = 'foro_mensaje.contenido';
/** A topic's title and a report's reason are patients' words too (decision 311). */
export const COLUMNA_TITULO_TEMA = 'foro_tema.titulo';
export const COLUMNA_MOTIVO_REPORTE = 'foro_reporte.motivo';

/** The participation row of an account (the query builder's own filters). */
const deLaCuenta = (c: Cuenta) =>
  c.tipo === 'psicologo' ? eq(foroParticipante.id_psicologo, c.id) : eq(foroParticipante.id_paciente, c.id);

// Correlated subqueries are written with explicit aliases: the query builder leaves out the table
// name of a column when one table is selected, and an unqualified "id_foro" inside a subquery would
// name the subquery's own column.
const FORO = sql.raw('"foro"."id_foro"');
const cuentaEn = (alias: string, c: Cuenta) =>
  sql.raw(`${alias}.${c.tipo === 'psicologo' ? 'id_psicologo' : 'id_paciente'} = ${Number(c.id)}`);

/** Forums the account may see: public ones, and private ones it takes part in. */
export const visiblePara = (c: Cuenta | null): SQL =>
  c
    ? sql`("foro"."publico" or exists (select 1 from foro_participante vp where vp.id_foro = ${FORO} and ${cuentaEn('vp', c)}))`
    : sql`"foro"."publico"`;

const rolDe = (c: Cuenta | null): SQL<RolForo | null> =>
  c
    ? sql<RolForo | null>`(select rp.rol from foro_participante rp where rp.id_foro = ${FORO} and ${cuentaEn('rp', c)})`
    : sql<RolForo | null>`null::text`;

const columnasForo = (c: Cuenta | null) => ({
  id_foro: foro.id_foro,
  titulo: foro.titulo,
  descripcion: foro.descripcion,
  publico: foro.publico,
  id_creador: foro.id_creador,
  fecha_creacion: foro.fecha_creacion,
  total_participantes: sql<number>`(select count(*)::int from foro_participante cp where cp.id_foro = ${FORO})`,
  total_temas: sql<number>`(select count(*)::int from foro_tema ct where ct.id_foro = ${FORO})`,
  rol_usuario: rolDe(c),
});
export type FilaForo = Awaited<ReturnType<typeof buscarForo>> & object;

/** Lower case without accents, also under the C locale. */
const normalizado = (expr: SQL | unknown) => sql`translate(lower(${expr}), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')`;
function patron(q: string): string {
  const limpio = q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&');
  return `%${limpio}%`;
}

export async function listarForos(
  db: DbOrTx,
  c: Cuenta | null,
  o: { buscar: string; publico?: boolean; ordenar: 'recientes' | 'antiguos'; page: number; limit: number },
) {
  const filtros: SQL[] = [visiblePara(c)];
  if (o.publico !== undefined) filtros.push(eq(foro.publico, o.publico));
  if (o.buscar) {
    const p = patron(o.buscar);
    filtros.push(sql`(${normalizado(foro.titulo)} like ${p} or ${normalizado(sql`coalesce(${foro.descripcion}, '')`)} like ${p})`);
  }
  const donde = and(...filtros);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(foro).where(donde);
  const orden = o.ordenar === 'antiguos' ? [asc(foro.fecha_creacion), asc(foro.id_foro)] : [desc(foro.fecha_creacion), desc(foro.id_foro)];
  const data = await db
    .select(columnasForo(c))
    .from(foro)
    .where(donde)
    .orderBy(...orden)
    .limit(o.limit)
    .offset((o.page - 1) * o.limit);
  return { data, total };
}

/** One forum if the account may see it (null otherwise: not found and not visible look alike). */
export async function buscarForo(db: DbOrTx, c: Cuenta | null, idForo: number) {
  const [f] = await db
    .select(columnasForo(c))
    .from(foro)
    .where(and(eq(foro.id_foro, idForo), visiblePara(c)));
  return f ?? null;
}

/** Locks the forum row (membership changes, deletion) and returns it with the account's role. */
export async function bloquearForo(tx: DbOrTx, c: Cuenta, idForo: number) {
  const [f] = await tx
    .select({ id_foro: foro.id_foro, titulo: foro.titulo, publico: foro.publico })
    .from(foro)
    .where(eq(foro.id_foro, idForo))
    .for('update');
  if (!f) return null;
  const p = await participacion(tx, c, idForo);
  return { ...f, participante: p };
}

export async function participacion(db: DbOrTx, c: Cuenta, idForo: number) {
  const [p] = await db
    .select({ id_participante: foroParticipante.id_participante, rol: foroParticipante.rol })
    .from(foroParticipante)
    .where(and(eq(foroParticipante.id_foro, idForo), deLaCuenta(c)));
  return p ? { id_participante: p.id_participante, rol: p.rol as RolForo } : null;
}

export async function insertarForo(
  tx: DbOrTx,
  d: { titulo: string; descripcion: string | null; publico: boolean; idCreador: number; ahora: Date },
) {
  const [f] = await tx
    .insert(foro)
    .values({
      titulo: d.titulo,
      descripcion: d.descripcion,
      publico: d.publico,
      id_creador: d.idCreador,
      fecha_creacion: d.ahora,
      fecha_actualizacion: d.ahora,
    })
    .returning({ id_foro: foro.id_foro });
  return f.id_foro;
}

export async function actualizarForo(
  tx: DbOrTx,
  idForo: number,
  d: { titulo?: string; descripcion?: string | null; publico?: boolean; ahora: Date },
) {
  const { ahora, ...cambios } = d;
  await tx
    .update(foro)
    .set({ ...cambios, fecha_actualizacion: ahora })
    .where(eq(foro.id_foro, idForo));
}

export async function eliminarForo(tx: DbOrTx, idForo: number) {
  await tx.delete(foro).where(eq(foro.id_foro, idForo));
}

export async function insertarParticipante(tx: DbOrTx, idForo: number, c: Cuenta, rol: RolForo, ahora: Date) {
  const [p] = await tx
    .insert(foroParticipante)
    .values({
      id_foro: idForo,
      id_psicologo: c.tipo === 'psicologo' ? c.id : null,
      id_paciente: c.tipo === 'paciente' ? c.id : null,
      rol,
      fecha_union: ahora,
    })
    .returning({ id_participante: foroParticipante.id_participante });
  return p.id_participante;
}

export async function cambiarRol(tx: DbOrTx, idParticipante: number, rol: RolForo) {
  await tx.update(foroParticipante).set({ rol }).where(eq(foroParticipante.id_participante, idParticipante));
}

export async function conteos(db: DbOrTx, idForo: number) {
  const [r] = await db
    .select({
      total_participantes: sql<number>`(select count(*)::int from foro_participante cp where cp.id_foro = ${idForo})`,
      total_temas: sql<number>`(select count(*)::int from foro_tema ct where ct.id_foro = ${idForo})`,
    })
    .from(sql`(select 1) as uno`);
  return { id_foro: idForo, ...r };
}

// A patient who opposes showing her name in the forums (decision 377) reads as 'Participante'.
export const nombreParticipante = sql<string>`coalesce(${psicologo.nombre}, ${nombreEnForo(sql`${paciente.id_paciente}`, sql`${paciente.nombre}`)})`;
export const apellidoParticipante = sql<string>`coalesce(${psicologo.apellidoPaterno}, ${apellidoEnForo(sql`${paciente.id_paciente}`, sql`${paciente.apellido_paterno}`)})`;

export async function listarParticipantes(db: DbOrTx, idForo: number, o: { idParticipante?: number } = {}) {
  return db
    .select({
      id_participante: foroParticipante.id_participante,
      id_psicologo: foroParticipante.id_psicologo,
      id_paciente: foroParticipante.id_paciente,
      rol: foroParticipante.rol,
      fecha_union: foroParticipante.fecha_union,
      nombre: nombreParticipante,
      apellido: apellidoParticipante,
    })
    .from(foroParticipante)
    .leftJoin(psicologo, eq(psicologo.id_psicologo, foroParticipante.id_psicologo))
    .leftJoin(paciente, eq(paciente.id_paciente, foroParticipante.id_paciente))
    .where(
      and(
        eq(foroParticipante.id_foro, idForo),
        o.idParticipante !== undefined ? eq(foroParticipante.id_participante, o.idParticipante) : undefined,
      ),
    )
    .orderBy(
      sql`case ${foroParticipante.rol} when 'admin' then 0 when 'moderador' then 1 else 2 end`,
      asc(foroParticipante.fecha_union),
      asc(foroParticipante.id_participante),
    );
}
export type FilaParticipante = Awaited<ReturnType<typeof listarParticipantes>>[number];

export async function eliminarParticipante(tx: DbOrTx, idParticipante: number) {
  await tx.delete(foroParticipante).where(eq(foroParticipante.id_participante, idParticipante));
}

/** Personal-room keys of the forum's participants, optionally only moderators and up. */
export async function cuentasDelForo(db: DbOrTx, idForo: number, o: { moderadores?: boolean } = {}): Promise<Cuenta[]> {
  const r = await db
    .select({ id_psicologo: foroParticipante.id_psicologo, id_paciente: foroParticipante.id_paciente })
    .from(foroParticipante)
    .where(and(eq(foroParticipante.id_foro, idForo), o.moderadores ? inArray(foroParticipante.rol, ['moderador', 'admin']) : undefined));
  return r.map((p) =>
    p.id_psicologo !== null ? { tipo: 'psicologo', id: p.id_psicologo } : { tipo: 'paciente', id: p.id_paciente as number },
  );
}

export async function idsDeTemas(db: DbOrTx, idForo: number): Promise<number[]> {
  return (await db.select({ id: foroTema.id_tema }).from(foroTema).where(eq(foroTema.id_foro, idForo))).map((r) => r.id);
}

// ---------------------------------------------------------------- invitations

export async function psicologoActivoPorCorreo(db: DbOrTx, correo: string) {
  const [p] = await db
    .select({ id_psicologo: psicologo.id_psicologo })
    .from(psicologo)
    .where(and(sql`lower(${psicologo.correo}) = ${correo}`, eq(psicologo.status, 'activo'), sql`${psicologo.activadoEn} is not null`));
  return p?.id_psicologo ?? null;
}

export async function insertarInvitacion(
  tx: DbOrTx,
  d: { idForo: number; idInvitador: number; idInvitado: number; mensaje: string | null; ahora: Date },
) {
  const [i] = await tx
    .insert(foroInvitacion)
    .values({ id_foro: d.idForo, id_invitador: d.idInvitador, id_invitado: d.idInvitado, mensaje: d.mensaje, fecha_invitacion: d.ahora })
    .returning({ id_invitacion: foroInvitacion.id_invitacion });
  return i.id_invitacion;
}

export async function listarInvitaciones(db: DbOrTx, idInvitado: number, o: { estado?: string; idInvitacion?: number } = {}) {
  return db
    .select({
      id_invitacion: foroInvitacion.id_invitacion,
      id_foro: foroInvitacion.id_foro,
      titulo_foro: foro.titulo,
      invitador_nombre: sql<string>`coalesce(${psicologo.nombre}, '')`,
      invitador_apellido: sql<string>`coalesce(${psicologo.apellidoPaterno}, '')`,
      mensaje: foroInvitacion.mensaje,
      fecha_invitacion: foroInvitacion.fecha_invitacion,
      estado: foroInvitacion.estado,
    })
    .from(foroInvitacion)
    .innerJoin(foro, eq(foro.id_foro, foroInvitacion.id_foro))
    .leftJoin(psicologo, eq(psicologo.id_psicologo, foroInvitacion.id_invitador))
    .where(
      and(
        eq(foroInvitacion.id_invitado, idInvitado),
        o.estado ? eq(foroInvitacion.estado, o.estado) : undefined,
        o.idInvitacion !== undefined ? eq(foroInvitacion.id_invitacion, o.idInvitacion) : undefined,
      ),
    )
    .orderBy(desc(foroInvitacion.fecha_invitacion), desc(foroInvitacion.id_invitacion));
}
export type FilaInvitacion = Awaited<ReturnType<typeof listarInvitaciones>>[number];

/** Locks an invitation addressed to this psychologist (null for anyone else's: 404). */
export async function bloquearInvitacion(tx: DbOrTx, idInvitacion: number, idInvitado: number) {
  const [i] = await tx
    .select({ id_invitacion: foroInvitacion.id_invitacion, id_foro: foroInvitacion.id_foro, estado: foroInvitacion.estado })
    .from(foroInvitacion)
    .where(and(eq(foroInvitacion.id_invitacion, idInvitacion), eq(foroInvitacion.id_invitado, idInvitado)))
    .for('update');
  return i ?? null;
}

export async function responderInvitacion(tx: DbOrTx, idInvitacion: number, estado: 'aceptada' | 'rechazada', ahora: Date) {
  await tx.update(foroInvitacion).set({ estado, fecha_respuesta: ahora }).where(eq(foroInvitacion.id_invitacion, idInvitacion));
}

/** Every psychologist invited to this forum, whatever the answer: their lists lose the invitation
 * when the forum goes. */
export async function invitadosDelForo(db: DbOrTx, idForo: number): Promise<number[]> {
  const r = await db.selectDistinct({ id: foroInvitacion.id_invitado }).from(foroInvitacion).where(eq(foroInvitacion.id_foro, idForo));
  return r.map((i) => i.id);
}

export async function contarPendientes(db: DbOrTx, idInvitado: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(foroInvitacion)
    .where(and(eq(foroInvitacion.id_invitado, idInvitado), eq(foroInvitacion.estado, 'pendiente')));
  return r.n;
}

// ---------------------------------------------------------------- removals

export async function bloquear(tx: DbOrTx, idForo: number, c: Cuenta, ahora: Date) {
  await tx.insert(foroBloqueo).values({ id_foro: idForo, cuenta_tipo: c.tipo, cuenta_id: c.id, fecha: ahora }).onConflictDoNothing();
}

export async function estaBloqueado(db: DbOrTx, idForo: number, c: Cuenta) {
  const [b] = await db
    .select({ id: foroBloqueo.id_foro })
    .from(foroBloqueo)
    .where(and(eq(foroBloqueo.id_foro, idForo), eq(foroBloqueo.cuenta_tipo, c.tipo), eq(foroBloqueo.cuenta_id, c.id)));
  return b !== undefined;
}
