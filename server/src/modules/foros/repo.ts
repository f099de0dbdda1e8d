// Queries of the forums. Every read of a forum goes through `visiblePara(actor)`: a private forum is
// seen only by its participants, so for anyone else it does not exist (404, no count, no title).
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Cifrador } from '../../comun/cifrado';
import type { DbOrTx } from '../../db/client';
import { paciente, psicologo } from '../../db/schema/cuentas';
import {
  foro,
  foroBloqueo,
  foroInvitacion,
  foroLectura,
  foroMensaje,
  foroParticipante,
  foroReporte,
  foroTema,
} from '../../db/schema/foros';

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
const TEMA = sql.raw('"foro_tema"."id_tema"');
const cuentaEn = (alias: string, c: Cuenta) =>
  sql.raw(`${alias}.${c.tipo === 'psicologo' ? 'id_psicologo' : 'id_paciente'} = ${Number(c.id)}`);

/** Forums the account may see: public ones, and private ones it takes part in. */
const visiblePara = (c: Cuenta | null): SQL =>
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

const nombreParticipante = sql<string>`coalesce(${psicologo.nombre}, ${paciente.nombre})`;
const apellidoParticipante = sql<string>`coalesce(${psicologo.apellidoPaterno}, ${paciente.apellido_paterno})`;

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

// ---------------------------------------------------------------- authors

const autorNombre = (tabla: string) =>
  sql.raw(`(case when "${tabla}"."autor_tipo" = 'psicologo'
  then (select an.nombre from psicologo an where an.id_psicologo = "${tabla}"."autor_id")
  else (select an.nombre from paciente an where an.id_paciente = "${tabla}"."autor_id") end)`) as SQL<string | null>;
const autorApellido = (tabla: string) =>
  sql.raw(`(case when "${tabla}"."autor_tipo" = 'psicologo'
  then (select aa.apellido_paterno from psicologo aa where aa.id_psicologo = "${tabla}"."autor_id")
  else (select aa.apellido_paterno from paciente aa where aa.id_paciente = "${tabla}"."autor_id") end)`) as SQL<string | null>;

// ---------------------------------------------------------------- topics

/** Others' visible posts after the participant's last read one (null for a non-participant). */
const noLeidosDe = (idParticipante: number | null) =>
  idParticipante === null
    ? sql<number | null>`null::int`
    : sql<number | null>`(select count(*)::int from foro_mensaje nm where nm.id_tema = ${TEMA} and not nm.oculto
        and nm.seq > coalesce((select l.hasta_seq from foro_lectura l where l.id_tema = ${TEMA} and l.id_participante = ${idParticipante}), 0)
        and not exists (select 1 from foro_participante yo where yo.id_participante = ${idParticipante}
          and ((nm.autor_tipo = 'psicologo' and yo.id_psicologo = nm.autor_id) or (nm.autor_tipo = 'paciente' and yo.id_paciente = nm.autor_id))))`;

const columnasTema = (idParticipante: number | null) => ({
  id_tema: foroTema.id_tema,
  id_foro: foroTema.id_foro,
  titulo: foroTema.titulo,
  ultimo_seq: foroTema.ultimo_seq,
  total_mensajes: sql<number>`(select count(*)::int from foro_mensaje tm where tm.id_tema = ${TEMA} and not tm.oculto)`,
  fecha_creacion: foroTema.fecha_creacion,
  fecha_actividad: foroTema.fecha_actividad,
  autor_tipo: foroTema.autor_tipo,
  autor_id: foroTema.autor_id,
  autor_nombre: autorNombre('foro_tema'),
  autor_apellido: autorApellido('foro_tema'),
  no_leidos: noLeidosDe(idParticipante),
});
export type FilaTema = Awaited<ReturnType<typeof listarTemas>>['data'][number];

export async function listarTemas(
  db: DbOrTx,
  cif: Cifrador,
  idForo: number,
  idParticipante: number | null,
  o: { page: number; limit: number; idTema?: number },
) {
  const donde = and(eq(foroTema.id_foro, idForo), o.idTema !== undefined ? eq(foroTema.id_tema, o.idTema) : undefined);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(foroTema).where(donde);
  const data = await db
    .select(columnasTema(idParticipante))
    .from(foroTema)
    .where(donde)
    .orderBy(desc(foroTema.fecha_actividad), desc(foroTema.id_tema))
    .limit(o.limit)
    .offset((o.page - 1) * o.limit);
  return { data: data.map((t) => ({ ...t, titulo: cif.leer(t.titulo, COLUMNA_TITULO_TEMA) })), total };
}

/** The topic with its forum, if the account may see the forum. */
export async function buscarTema(db: DbOrTx, cif: Cifrador, c: Cuenta | null, idTema: number) {
  const [t] = await db
    .select({
      id_tema: foroTema.id_tema,
      id_foro: foroTema.id_foro,
      titulo: foroTema.titulo,
      ultimo_seq: foroTema.ultimo_seq,
      titulo_foro: foro.titulo,
    })
    .from(foroTema)
    .innerJoin(foro, eq(foro.id_foro, foroTema.id_foro))
    .where(and(eq(foroTema.id_tema, idTema), visiblePara(c)));
  return t ? { ...t, titulo: cif.leer(t.titulo, COLUMNA_TITULO_TEMA) } : null;
}

export async function insertarTema(tx: DbOrTx, cif: Cifrador, d: { idForo: number; titulo: string; autor: Cuenta; ahora: Date }) {
  const [t] = await tx
    .insert(foroTema)
    .values({
      id_foro: d.idForo,
      titulo: cif.cifrar(d.titulo, COLUMNA_TITULO_TEMA),
      autor_tipo: d.autor.tipo,
      autor_id: d.autor.id,
      fecha_creacion: d.ahora,
      fecha_actividad: d.ahora,
    })
    .returning({ id_tema: foroTema.id_tema });
  return t.id_tema;
}

// ---------------------------------------------------------------- posts

const columnasMensaje = {
  id_mensaje: foroMensaje.id_mensaje,
  id_tema: foroMensaje.id_tema,
  seq: foroMensaje.seq,
  autor_tipo: foroMensaje.autor_tipo,
  autor_id: foroMensaje.autor_id,
  autor_nombre: autorNombre('foro_mensaje'),
  autor_apellido: autorApellido('foro_mensaje'),
  contenido: foroMensaje.contenido,
  id_cliente: foroMensaje.id_cliente,
  crisis: foroMensaje.crisis,
  oculto: foroMensaje.oculto,
  fecha_envio: foroMensaje.fecha_envio,
};
export type FilaMensaje = Omit<Awaited<ReturnType<typeof listarMensajes>>[number], never>;

function abrir(cif: Cifrador) {
  return <T extends { contenido: string }>(m: T): T => ({ ...m, contenido: cif.leer(m.contenido, COLUMNA_CONTENIDO) });
}

/** Posts after `despuesDe` (resync), or one chronological page. */
export async function listarMensajes(
  db: DbOrTx,
  cif: Cifrador,
  idTema: number,
  o: { despuesDe?: number; limite: number; offset?: number; idMensaje?: number },
) {
  const filas = await db
    .select(columnasMensaje)
    .from(foroMensaje)
    .where(
      and(
        eq(foroMensaje.id_tema, idTema),
        o.despuesDe !== undefined ? gt(foroMensaje.seq, o.despuesDe) : undefined,
        o.idMensaje !== undefined ? eq(foroMensaje.id_mensaje, o.idMensaje) : undefined,
      ),
    )
    .orderBy(asc(foroMensaje.seq))
    .limit(o.limite)
    .offset(o.offset ?? 0);
  return filas.map(abrir(cif));
}

export async function contarVisibles(db: DbOrTx, idTema: number) {
  const [r] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(foroMensaje)
    .where(and(eq(foroMensaje.id_tema, idTema), eq(foroMensaje.oculto, false)));
  return r.total;
}

export async function contarMensajes(db: DbOrTx, idTema: number) {
  const [r] = await db.select({ total: sql<number>`count(*)::int` }).from(foroMensaje).where(eq(foroMensaje.id_tema, idTema));
  return r.total;
}

/** What a post needs, in one round trip: whether the account may see the topic's forum, its
 * participation and its name. */
export async function temaParaPublicar(tx: DbOrTx, c: Cuenta, idTema: number) {
  const cuentaCol = c.tipo === 'psicologo' ? 'id_psicologo' : 'id_paciente';
  const nombre =
    c.tipo === 'psicologo'
      ? sql`(select x.nombre from psicologo x where x.id_psicologo = ${c.id})`
      : sql`(select x.nombre from paciente x where x.id_paciente = ${c.id})`;
  const apellido =
    c.tipo === 'psicologo'
      ? sql`(select x.apellido_paterno from psicologo x where x.id_psicologo = ${c.id})`
      : sql`(select x.apellido_paterno from paciente x where x.id_paciente = ${c.id})`;
  const r = await tx.execute(sql`
    select t.id_tema, t.id_foro, t.ultimo_seq, f.titulo as titulo_foro, f.publico,
      p.id_participante, p.rol, ${nombre} as nombre, ${apellido} as apellido
    from foro_tema t
    join foro f on f.id_foro = t.id_foro
    left join foro_participante p on p.id_foro = t.id_foro and p.${sql.raw(cuentaCol)} = ${c.id}
    where t.id_tema = ${idTema}`);
  const filas = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as {
    id_tema: number;
    id_foro: number;
    ultimo_seq: number;
    titulo_foro: string;
    publico: boolean;
    id_participante: number | null;
    rol: RolForo | null;
    nombre: string | null;
    apellido: string | null;
  }[];
  return filas[0] ?? null;
}

/**
 * Stores a post in ONE statement, in autocommit (no BEGIN/COMMIT round trips, and the topic row is
 * locked only for that statement): the UPDATE takes the topic's row lock and the next `seq` (gap-free,
 * in commit order), the INSERT writes the post with it. A stored client id of the same author
 * makes it write nothing (null answer): either seen before the lock, or — for a concurrent retry —
 * by the unique index, whose violation rolls the whole statement back, `seq` included.
 */
export async function insertarMensajeAtomico(
  db: DbOrTx,
  cif: Cifrador,
  d: { idTema: number; autor: Cuenta; contenido: string; idCliente: string | null; crisis: boolean; ahora: Date },
): Promise<{ id_mensaje: number; seq: number; oculto: boolean } | null> {
  const r = await db.execute(sql`
    with previo as (
      select 1 from foro_mensaje
      where id_tema = ${d.idTema}::int and autor_tipo = ${d.autor.tipo}::text and autor_id = ${d.autor.id}::int
        and id_cliente = ${d.idCliente}::text
    ), t as (
      update foro_tema set ultimo_seq = ultimo_seq + 1, fecha_actividad = ${d.ahora.toISOString()}::timestamptz
      where id_tema = ${d.idTema}::int and not exists (select 1 from previo)
      returning ultimo_seq
    )
    insert into foro_mensaje (id_tema, seq, autor_tipo, autor_id, contenido, id_cliente, crisis, fecha_envio)
    select ${d.idTema}::int, t.ultimo_seq, ${d.autor.tipo}::text, ${d.autor.id}::int, ${cif.cifrar(d.contenido, COLUMNA_CONTENIDO)}::text,
      ${d.idCliente}::text, ${d.crisis}::boolean, ${d.ahora.toISOString()}::timestamptz
    from t
    returning id_mensaje, seq, oculto`);
  const filas = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { id_mensaje: number | string; seq: number; oculto: boolean }[];
  const f = filas[0];
  return f ? { id_mensaje: Number(f.id_mensaje), seq: f.seq, oculto: f.oculto } : null;
}

export async function mensajePorCliente(tx: DbOrTx, cif: Cifrador, idTema: number, autor: Cuenta, idCliente: string) {
  const [m] = await tx
    .select(columnasMensaje)
    .from(foroMensaje)
    .where(
      and(
        eq(foroMensaje.id_tema, idTema),
        eq(foroMensaje.autor_tipo, autor.tipo),
        eq(foroMensaje.autor_id, autor.id),
        eq(foroMensaje.id_cliente, idCliente),
      ),
    );
  return m ? abrir(cif)(m) : null;
}

/** A post with its topic and forum, if the account may see the forum. */
export async function buscarMensaje(db: DbOrTx, c: Cuenta, idMensaje: number) {
  const [m] = await db
    .select({ id_mensaje: foroMensaje.id_mensaje, id_tema: foroMensaje.id_tema, id_foro: foroTema.id_foro, titulo_foro: foro.titulo })
    .from(foroMensaje)
    .innerJoin(foroTema, eq(foroTema.id_tema, foroMensaje.id_tema))
    .innerJoin(foro, eq(foro.id_foro, foroTema.id_foro))
    .where(and(eq(foroMensaje.id_mensaje, idMensaje), visiblePara(c)));
  return m ?? null;
}

export async function ocultarMensaje(tx: DbOrTx, idMensaje: number, o: { oculto: boolean; por: number; ahora: Date }) {
  await tx
    .update(foroMensaje)
    .set({ oculto: o.oculto, oculto_por: o.oculto ? o.por : null, oculto_en: o.oculto ? o.ahora : null })
    .where(eq(foroMensaje.id_mensaje, idMensaje));
}

export async function marcarLeido(tx: DbOrTx, idTema: number, idParticipante: number, hastaSeq: number) {
  await tx
    .insert(foroLectura)
    .values({ id_tema: idTema, id_participante: idParticipante, hasta_seq: hastaSeq })
    .onConflictDoUpdate({
      target: [foroLectura.id_tema, foroLectura.id_participante],
      set: { hasta_seq: sql`greatest(${foroLectura.hasta_seq}, excluded.hasta_seq)` },
    });
}

// ---------------------------------------------------------------- reports

export async function insertarReporte(
  tx: DbOrTx,
  cif: Cifrador,
  d: { idMensaje: number; idParticipante: number; motivo: string | null; ahora: Date },
) {
  const motivo = d.motivo === null ? null : cif.cifrar(d.motivo, COLUMNA_MOTIVO_REPORTE);
  const r = await tx
    .insert(foroReporte)
    .values({ id_mensaje: d.idMensaje, id_participante: d.idParticipante, motivo, fecha: d.ahora })
    .onConflictDoNothing()
    .returning({ id_reporte: foroReporte.id_reporte });
  return r[0]?.id_reporte ?? null;
}

export async function listarReportes(db: DbOrTx, cif: Cifrador, idForo: number) {
  const r = await db
    .select({
      id_reporte: foroReporte.id_reporte,
      motivo: foroReporte.motivo,
      fecha: foroReporte.fecha,
      tema: foroTema.titulo,
      reportante_tipo: sql<TipoCuenta>`case when ${foroParticipante.id_psicologo} is not null then 'psicologo' else 'paciente' end`,
      reportante_nombre: nombreParticipante,
      reportante_apellido: apellidoParticipante,
      ...columnasMensaje,
    })
    .from(foroReporte)
    .innerJoin(foroMensaje, eq(foroMensaje.id_mensaje, foroReporte.id_mensaje))
    .innerJoin(foroTema, eq(foroTema.id_tema, foroMensaje.id_tema))
    .innerJoin(foroParticipante, eq(foroParticipante.id_participante, foroReporte.id_participante))
    .leftJoin(psicologo, eq(psicologo.id_psicologo, foroParticipante.id_psicologo))
    .leftJoin(paciente, eq(paciente.id_paciente, foroParticipante.id_paciente))
    .where(eq(foroTema.id_foro, idForo))
    .orderBy(desc(foroReporte.fecha), desc(foroReporte.id_reporte))
    .limit(200);
  return r.map((f) => ({
    ...abrir(cif)(f),
    motivo: f.motivo === null ? null : cif.leer(f.motivo, COLUMNA_MOTIVO_REPORTE),
    tema: cif.leer(f.tema, COLUMNA_TITULO_TEMA),
  }));
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
