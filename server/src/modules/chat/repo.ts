// Queries of the chat domain. Every read of a conversation is filtered by `accesoDe(actor)`, so a
// chat that is not the caller's is indistinguishable from one that does not exist.
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Cifrador } from '../../comun/cifrado';
import type { DbOrTx } from '../../db/client';
import { sentenciaAgrupada } from '../../plugins/db';
import { chat, mensaje } from '../../db/schema/chat';
import { paciente, psicologo } from '../../db/schema/cuentas';

export type Rol = 'psicologo' | 'paciente' | 'admin';

/** Who acts: the role comes from the route (psychologist, patient or admin API), the id from the token. */
export interface Actor {
  rol: Rol;
  id: number;
}

type FilaChat = typeof chat.$inferSelect;
export type FilaMensaje = typeof mensaje.$inferSelect;

/** The conversations an actor takes part in, in the role the actor's API gives it. */
function accesoDe(a: Actor): SQL {
  if (a.rol === 'psicologo') return eq(chat.id_psicologo, a.id);
  if (a.rol === 'paciente') return eq(chat.id_paciente, a.id);
  return and(eq(chat.tipo, 'admin'), eq(chat.id_admin, a.id)) as SQL;
}

/** Unread messages of a conversation for the actor: the other participant's, not yet read, kept on
 * the conversation's row by sends and read marks (decision 081; only two roles take part). */
function noLeidosPara(a: Actor): SQL<number> {
  if (a.rol === 'psicologo') return sql<number>`(${chat.no_leidos_de_paciente} + ${chat.no_leidos_de_admin})`;
  if (a.rol === 'paciente') return sql<number>`(${chat.no_leidos_de_psicologo} + ${chat.no_leidos_de_admin})`;
  return sql<number>`(${chat.no_leidos_de_psicologo} + ${chat.no_leidos_de_paciente})`;
}

/** The other participant's crisis-marked messages the actor has not opened yet (decision 339),
 * through the partial index of unread crisis messages. */
function crisisSinAbrirPara(rol: Rol): SQL<number> {
  return sql<number>`(select count(*)::integer from ${mensaje} mc
    where mc.id_chat = ${chat.id_chat} and mc.crisis and not mc.leido and mc.remitente <> ${rol})`;
}

/** The counters a read mark by the actor zeroes: those of every other role. */
function contadoresLeidosPor(a: Actor) {
  return {
    ...(a.rol !== 'psicologo' ? { no_leidos_de_psicologo: 0 } : {}),
    ...(a.rol !== 'paciente' ? { no_leidos_de_paciente: 0 } : {}),
    ...(a.rol !== 'admin' ? { no_leidos_de_admin: 0 } : {}),
  };
}

const admin = alias(psicologo, 'admin');
const ultimo = alias(mensaje, 'ultimo');

const nombreDe = (nombre: SQL | unknown, ap: unknown, am: unknown) => sql`concat_ws(' ', ${nombre}, ${ap}, ${am})`;
/** Lower case without accents, also under the C locale (where lower() leaves 'Á' alone). */
const normalizado = (expr: SQL) => sql`translate(lower(${expr}), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')`;

/** Who the actor talks to, as a searchable full name. */
function nombreContraparte(a: Actor): SQL {
  const pac = nombreDe(paciente.nombre, paciente.apellido_paterno, paciente.apellido_materno);
  const psi = nombreDe(psicologo.nombre, psicologo.apellidoPaterno, psicologo.apellidoMaterno);
  const adm = nombreDe(admin.nombre, admin.apellidoPaterno, admin.apellidoMaterno);
  if (a.rol === 'psicologo') return sql`case when ${chat.tipo} = 'admin' then ${adm} else ${pac} end`;
  if (a.rol === 'paciente') return sql`case when ${chat.tipo} = 'admin' then ${adm} else ${psi} end`;
  return sql`case when ${chat.id_paciente} is not null then ${pac} else ${psi} end`;
}

/** The AAD of a message's text: its ciphertext opens only in this column (decision 070). */
export const COLUMNA_CONTENIDO = 'mensaje.contenido';

/** A text[] literal of search hashes (base64url: nothing to quote), the same on postgres.js and PGlite. */
const arregloDeHuellas = (huellas: readonly string[]) => `{${huellas.join(',')}}`;

/**
 * Messages matching a search term without plain text in the database: for every word of the term,
 * the message holds one of its keyed hashes (a word or a word beginning of 3–12 letters).
 */
function textoCoincide(cif: Cifrador, q: string): SQL {
  const grupos = cif.huellasDeBusqueda(q);
  if (grupos.length === 0) return sql`false`;
  return sql.join(
    grupos.map((g) => sql`m.huellas && ${arregloDeHuellas(g)}::text[]`),
    sql` and `,
  );
}

/** '%term%' for LIKE over normalised text, with the wildcards of the term escaped. */
function patronBusqueda(q: string): string {
  const limpio = q
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&');
  return `%${limpio}%`;
}

/**
 * The actor's conversations with counterpart, last message and unread count, most recent first.
 * An administrator's conversation appears to its recipient only once something was written in it.
 */
export async function listarChats(db: DbOrTx, cif: Cifrador, a: Actor, o: { q?: string; idChat?: number } = {}) {
  const filtros: (SQL | undefined)[] = [accesoDe(a)];
  if (a.rol !== 'admin') filtros.push(sql`(${chat.tipo} = 'paciente' or ${chat.ultimo_seq} > 0)`);
  if (o.idChat !== undefined) filtros.push(eq(chat.id_chat, o.idChat));
  if (o.q) {
    const patron = patronBusqueda(o.q);
    filtros.push(
      sql`(${normalizado(nombreContraparte(a))} like ${patron}
        or exists (select 1 from ${mensaje} m where m.id_chat = ${chat.id_chat} and ${textoCoincide(cif, o.q)}))`,
    );
  }
  const filas = await db
    .select({
      id_chat: chat.id_chat,
      tipo: chat.tipo,
      id_psicologo: chat.id_psicologo,
      id_paciente: chat.id_paciente,
      id_admin: chat.id_admin,
      ultimo_seq: chat.ultimo_seq,
      rev: chat.rev,
      creado_en: chat.creado_en,
      paciente: {
        nombre: paciente.nombre,
        apellido_paterno: paciente.apellido_paterno,
        apellido_materno: paciente.apellido_materno,
        email: paciente.email,
      },
      psicologo: {
        nombre: psicologo.nombre,
        apellido_paterno: psicologo.apellidoPaterno,
        apellido_materno: psicologo.apellidoMaterno,
        email: psicologo.correo,
      },
      admin: { nombre: admin.nombre, apellido_paterno: admin.apellidoPaterno, apellido_materno: admin.apellidoMaterno },
      ultimo: { contenido: ultimo.contenido, remitente: ultimo.remitente, fecha_envio: ultimo.fecha_envio },
      no_leidos: noLeidosPara(a),
      crisis_sin_abrir: crisisSinAbrirPara(a.rol),
    })
    .from(chat)
    .leftJoin(paciente, eq(paciente.id_paciente, chat.id_paciente))
    .leftJoin(psicologo, eq(psicologo.id_psicologo, chat.id_psicologo))
    .leftJoin(admin, eq(admin.id_psicologo, chat.id_admin))
    .leftJoin(ultimo, and(eq(ultimo.id_chat, chat.id_chat), eq(ultimo.seq, chat.ultimo_seq)))
    .where(and(...filtros))
    .orderBy(desc(sql`coalesce(${ultimo.fecha_envio}, ${chat.creado_en})`), desc(chat.id_chat));
  for (const f of filas) if (f.ultimo?.contenido) f.ultimo.contenido = cif.leer(f.ultimo.contenido, COLUMNA_CONTENIDO);
  return filas;
}
export type ResumenChat = Awaited<ReturnType<typeof listarChats>>[number];

/** The conversation if the actor takes part in it. */
export async function buscarChat(db: DbOrTx, a: Actor, idChat: number): Promise<FilaChat | null> {
  const [c] = await db
    .select()
    .from(chat)
    .where(and(eq(chat.id_chat, idChat), accesoDe(a)));
  return c ?? null;
}

/** Messages after `despuesDe` in order (resynchronisation), or the latest page before `antesDe`. */
export async function listarMensajes(
  db: DbOrTx,
  cif: Cifrador,
  idChat: number,
  o: { despuesDe?: number; antesDe?: number; limite: number },
): Promise<FilaMensaje[]> {
  const abrir = (m: FilaMensaje): FilaMensaje => ({ ...m, contenido: cif.leer(m.contenido, COLUMNA_CONTENIDO) });
  if (o.despuesDe !== undefined) {
    const siguientes = await db
      .select()
      .from(mensaje)
      .where(and(eq(mensaje.id_chat, idChat), gt(mensaje.seq, o.despuesDe)))
      .orderBy(asc(mensaje.seq))
      .limit(o.limite);
    return siguientes.map(abrir);
  }
  const filas = await db
    .select()
    .from(mensaje)
    .where(and(eq(mensaje.id_chat, idChat), o.antesDe !== undefined ? lt(mensaje.seq, o.antesDe) : undefined))
    .orderBy(desc(mensaje.seq))
    .limit(o.limite);
  return filas.reverse().map(abrir);
}

type EstadoEnvio = 'nuevo' | 'repetido' | 'no_encontrado' | 'solo_lectura';

interface FilaEnvio {
  estado: EstadoEnvio;
  id_mensaje: string | number | null;
  seq: number | null;
  remitente: Rol | null;
  contenido: string | null;
  id_cliente: string | null;
  leido: boolean | null;
  fecha_envio: Date | string | null;
  tipo: string | null;
  id_psicologo: number | null;
  id_paciente: number | null;
  id_admin: number | null;
  rev: number | null;
  no_leidos: number | null;
  crisis: boolean | null;
}

const SENTENCIA_ENVIAR =
  'select * from chat_enviar($1::integer, $2::text, $3::integer, $4::text, $5::text, $6::timestamptz, $7::text[], $8::boolean)';
/** The same function for a batch (decision 238): the i-th parameter of every message as the array
 * `$i`, the search hashes as array literals (cast one by one), one row per message in batch order. */
const SENTENCIA_ENVIAR_LOTE = `select x.posicion, r.*
  from unnest($1::integer[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::boolean[])
       with ordinality as x(id_chat, rol, id, contenido, id_cliente, fecha, huellas, crisis, posicion)
  cross join lateral chat_enviar(x.id_chat, x.rol, x.id, x.contenido, x.id_cliente, x.fecha, x.huellas::text[], x.crisis) r
 order by x.posicion`;

/** Sends go alone while fewer than 4 are in flight (6 of the pool's 10 connections stay for
 * everything else); beyond that they wait and go together, up to 32 per statement, each batch
 * locking its conversations in ascending id (decision 238). */
const enviarAgrupado = sentenciaAgrupada<FilaEnvio>({
  uno: SENTENCIA_ENVIAR,
  lote: SENTENCIA_ENVIAR_LOTE,
  enVuelo: 4,
  maxLote: 32,
  ordenar: (p) => p[0] as number,
});

/**
 * Sends one message through the `chat_enviar` function (migrations/0008, decision 081): the text
 * is encrypted and its search hashes computed here (no key in the database), then one round trip
 * whose UPDATE locks the conversation (access checked in its WHERE), assigns the next gap-free
 * sequence number and bumps the recipient's unread counter, then stores the message (a retried
 * client id answers the stored one), committed before this returns.
 */
export async function enviarEnBase(
  db: DbOrTx,
  cif: Cifrador,
  o: { actor: Actor; idChat: number; contenido: string; idCliente: string | null; fecha: Date; crisis: boolean },
) {
  // A named prepared statement on PostgreSQL, alone or in a batch with other sends (decisions 232, 238).
  const [f] = await enviarAgrupado(db, [
    o.idChat,
    o.actor.rol,
    o.actor.id,
    cif.cifrar(o.contenido, COLUMNA_CONTENIDO),
    o.idCliente,
    o.fecha.toISOString(),
    arregloDeHuellas(cif.huellas(o.contenido)),
    o.crisis,
  ]);
  if (!f || f.estado === 'no_encontrado' || f.estado === 'solo_lectura') return { estado: (f?.estado ?? 'no_encontrado') as EstadoEnvio };
  const mensaje: FilaMensaje = {
    id_mensaje: Number(f.id_mensaje),
    id_chat: o.idChat,
    seq: Number(f.seq),
    remitente: f.remitente as Rol,
    // A new message is the text we hold; a retried one is what was stored first.
    contenido: f.estado === 'nuevo' ? o.contenido : cif.leer(f.contenido as string, COLUMNA_CONTENIDO),
    huellas: null,
    id_cliente: f.id_cliente,
    leido: Boolean(f.leido),
    // A retried send answers the mark stored with the first one.
    crisis: Boolean(f.crisis),
    leido_en: null,
    fecha_envio: f.fecha_envio instanceof Date ? f.fecha_envio : new Date(f.fecha_envio as string),
  };
  const chatEnviado = {
    id_chat: o.idChat,
    tipo: f.tipo as string,
    id_psicologo: f.id_psicologo,
    id_paciente: f.id_paciente,
    id_admin: f.id_admin,
    rev: Number(f.rev),
  };
  return { estado: f.estado, mensaje, chat: chatEnviado, noLeidosDestinatario: f.no_leidos === null ? null : Number(f.no_leidos) };
}

/** Locks the conversation (serialising with sends), bumps its revision and zeroes the actor's
 * unread count (the other participant's counter); `marcarLeidos` then marks the messages. */
export async function bloquearParaLectura(tx: DbOrTx, a: Actor, idChat: number) {
  const [c] = await tx
    .update(chat)
    .set({ rev: sql`${chat.rev} + 1`, ...contadoresLeidosPor(a) })
    .where(and(eq(chat.id_chat, idChat), accesoDe(a)))
    .returning();
  return c ?? null;
}

/** Marks read every message of the other participant; returns how many changed. */
export async function marcarLeidos(tx: DbOrTx, a: Actor, idChat: number, ahora: Date): Promise<number> {
  const filas = await tx
    .update(mensaje)
    .set({ leido: true, leido_en: ahora })
    .where(and(eq(mensaje.id_chat, idChat), eq(mensaje.leido, false), sql`${mensaje.remitente} <> ${a.rol}`))
    .returning({ id: mensaje.id_mensaje });
  return filas.length;
}

// ---- Psychologist–patient chats ----

/** What the psychologist's crisis alert names: the patient, and how many crisis messages of hers
 * in the conversation she has not opened (decision 339). */
export async function alertaCrisisDe(db: DbOrTx, idChat: number) {
  const [f] = await db
    .select({
      id_paciente: paciente.id_paciente,
      nombre: paciente.nombre,
      apellido_paterno: paciente.apellido_paterno,
      apellido_materno: paciente.apellido_materno,
      crisis_sin_abrir: crisisSinAbrirPara('psicologo'),
    })
    .from(chat)
    .innerJoin(paciente, eq(paciente.id_paciente, chat.id_paciente))
    .where(and(eq(chat.id_chat, idChat), eq(chat.tipo, 'paciente')));
  return f ?? null;
}

export async function chatConPaciente(db: DbOrTx, idPsicologo: number, idPaciente: number) {
  const [c] = await db
    .select({ id_chat: chat.id_chat })
    .from(chat)
    .where(and(eq(chat.tipo, 'paciente'), eq(chat.id_psicologo, idPsicologo), eq(chat.id_paciente, idPaciente)));
  return c ?? null;
}

export async function insertarChat(db: DbOrTx, c: typeof chat.$inferInsert) {
  const [fila] = await db.insert(chat).values(c).returning();
  return fila;
}

/** The psychologist's patients without a chat ('Nuevo Chat' modal). */
export async function pacientesSinChat(db: DbOrTx, idPsicologo: number) {
  return db
    .select({
      id_paciente: paciente.id_paciente,
      nombre: paciente.nombre,
      apellido_paterno: paciente.apellido_paterno,
      apellido_materno: paciente.apellido_materno,
      email: paciente.email,
    })
    .from(paciente)
    .where(
      and(
        eq(paciente.id_psicologo, idPsicologo),
        sql`not exists (select 1 from ${chat} c where c.tipo = 'paciente' and c.id_psicologo = ${idPsicologo} and c.id_paciente = ${paciente.id_paciente})`,
      ),
    )
    .orderBy(asc(paciente.clave_nombre), asc(paciente.clave_apellido), asc(paciente.id_paciente));
}
