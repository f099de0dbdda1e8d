// Queries of forum topics, posts and reports. A topic is read through its forum's visibility
// (`visiblePara`, repo.ts): for an account that may not see the forum it does not exist.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Cifrador } from '../../comun/cifrado';
import { apellidoEnForo, nombreEnForo } from '../../comun/oposicion';
import type { DbOrTx } from '../../db/client';
import { filas } from '../../db/filas';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { foro, foroLectura, foroMensaje, foroParticipante, foroReporte, foroTema } from '../../db/schema/foros';
import {
  apellidoParticipante,
  COLUMNA_CONTENIDO,
  COLUMNA_MOTIVO_REPORTE,
  COLUMNA_TITULO_TEMA,
  type Cuenta,
  nombreParticipante,
  type RolForo,
  type TipoCuenta,
  visiblePara,
} from './repo';

const TEMA = sql.raw('"foro_tema"."id_tema"');

// ---------------------------------------------------------------- authors

// A patient who opposes showing her name in the forums (decision 377) reads as 'Participante'.
const autorNombre = (tabla: string) =>
  sql<string | null>`(case when ${sql.raw(`"${tabla}"."autor_tipo"`)} = 'psicologo'
  then (select an.nombre from psicologo an where an.id_psicologo = ${sql.raw(`"${tabla}"."autor_id"`)})
  else (select ${nombreEnForo('an.id_paciente', 'an.nombre')} from paciente an where an.id_paciente = ${sql.raw(`"${tabla}"."autor_id"`)}) end)`;
const autorApellido = (tabla: string) =>
  sql<string | null>`(case when ${sql.raw(`"${tabla}"."autor_tipo"`)} = 'psicologo'
  then (select aa.apellido_paterno from psicologo aa where aa.id_psicologo = ${sql.raw(`"${tabla}"."autor_id"`)})
  else (select ${apellidoEnForo('aa.id_paciente', 'aa.apellido_paterno')} from paciente aa where aa.id_paciente = ${sql.raw(`"${tabla}"."autor_id"`)}) end)`;

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
      : sql`(select ${nombreEnForo('x.id_paciente', 'x.nombre')} from paciente x where x.id_paciente = ${c.id})`;
  const apellido =
    c.tipo === 'psicologo'
      ? sql`(select x.apellido_paterno from psicologo x where x.id_psicologo = ${c.id})`
      : sql`(select ${apellidoEnForo('x.id_paciente', 'x.apellido_paterno')} from paciente x where x.id_paciente = ${c.id})`;
  const [f] = await filas<{
    id_tema: number;
    id_foro: number;
    ultimo_seq: number;
    titulo_foro: string;
    publico: boolean;
    id_participante: number | null;
    rol: RolForo | null;
    nombre: string | null;
    apellido: string | null;
  }>(
    tx,
    sql`
    select t.id_tema, t.id_foro, t.ultimo_seq, f.titulo as titulo_foro, f.publico,
      p.id_participante, p.rol, ${nombre} as nombre, ${apellido} as apellido
    from foro_tema t
    join foro f on f.id_foro = t.id_foro
    left join foro_participante p on p.id_foro = t.id_foro and p.${sql.raw(cuentaCol)} = ${c.id}
    where t.id_tema = ${idTema}`,
  );
  return f ?? null;
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
  const [f] = await filas<{ id_mensaje: number | string; seq: number; oculto: boolean }>(
    db,
    sql`
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
    returning id_mensaje, seq, oculto`,
  );
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
