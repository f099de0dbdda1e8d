// Queries of the chat domain. Every read of a conversation is filtered by `accesoDe(actor)`, so a
// chat that is not the caller's is indistinguishable from one that does not exist.
import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { chat, mensaje } from '../../db/schema/chat';
import { paciente, psicologo } from '../../db/schema/cuentas';

export type Rol = 'psicologo' | 'paciente' | 'admin';

/** Who acts: the role comes from the route (psychologist, patient or admin API), the id from the token. */
export interface Actor {
  rol: Rol;
  id: number;
}

export type FilaChat = typeof chat.$inferSelect;
export type FilaMensaje = typeof mensaje.$inferSelect;

/** The conversations an actor takes part in, in the role the actor's API gives it. */
export function accesoDe(a: Actor): SQL {
  if (a.rol === 'psicologo') return eq(chat.id_psicologo, a.id);
  if (a.rol === 'paciente') return eq(chat.id_paciente, a.id);
  return and(eq(chat.tipo, 'admin'), eq(chat.id_admin, a.id)) as SQL;
}

/** A psychologist–patient chat accepts messages only while the patient is still assigned to that
 * psychologist (after a reassignment the history stays readable). Admin conversations always do. */
export const escribible = sql`(${chat.tipo} <> 'paciente' or exists (
  select 1 from ${paciente} p where p.id_paciente = ${chat.id_paciente} and p.id_psicologo = ${chat.id_psicologo}))`;

/** Unread messages of a conversation for the actor: the other participant's, not yet read. */
const noLeidosPara = (a: Actor) =>
  sql<number>`(select count(*)::int from ${mensaje} m where m.id_chat = ${chat.id_chat} and not m.leido and m.remitente <> ${a.rol})`;

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
  return sql`coalesce(${pac}, ${psi})`;
}

/** '%term%' for LIKE over normalised text, with the wildcards of the term escaped. */
export function patronBusqueda(q: string): string {
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
export async function listarChats(db: DbOrTx, a: Actor, o: { q?: string; idChat?: number } = {}) {
  const filtros: (SQL | undefined)[] = [accesoDe(a)];
  if (a.rol !== 'admin') filtros.push(sql`(${chat.tipo} = 'paciente' or ${chat.ultimo_seq} > 0)`);
  if (o.idChat !== undefined) filtros.push(eq(chat.id_chat, o.idChat));
  if (o.q) {
    const patron = patronBusqueda(o.q);
    filtros.push(
      sql`(${normalizado(nombreContraparte(a))} like ${patron}
        or exists (select 1 from ${mensaje} m where m.id_chat = ${chat.id_chat} and ${normalizado(sql`m.contenido`)} like ${patron}))`,
    );
  }
  return db
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
    })
    .from(chat)
    .leftJoin(paciente, eq(paciente.id_paciente, chat.id_paciente))
    .leftJoin(psicologo, eq(psicologo.id_psicologo, chat.id_psicologo))
    .leftJoin(admin, eq(admin.id_psicologo, chat.id_admin))
    .leftJoin(ultimo, and(eq(ultimo.id_chat, chat.id_chat), eq(ultimo.seq, chat.ultimo_seq)))
    .where(and(...filtros))
    .orderBy(desc(sql`coalesce(${ultimo.fecha_envio}, ${chat.creado_en})`), desc(chat.id_chat));
}
export type ResumenChat = Awaited<ReturnType<typeof listarChats>>[number];

/** The conversation if the actor takes part in it. */
export async function buscarChat(db: DbOrTx, a: Actor, idChat: number): Promise<FilaChat | null> {
  const [c] = await db.select().from(chat).where(and(eq(chat.id_chat, idChat), accesoDe(a)));
  return c ?? null;
}

/** Messages after `despuesDe` in order (resynchronisation), or the latest page before `antesDe`. */
export async function listarMensajes(
  db: DbOrTx,
  idChat: number,
  o: { despuesDe?: number; antesDe?: number; limite: number },
): Promise<FilaMensaje[]> {
  if (o.despuesDe !== undefined) {
    return db
      .select()
      .from(mensaje)
      .where(and(eq(mensaje.id_chat, idChat), gt(mensaje.seq, o.despuesDe)))
      .orderBy(asc(mensaje.seq))
      .limit(o.limite);
  }
  const filas = await db
    .select()
    .from(mensaje)
    .where(and(eq(mensaje.id_chat, idChat), o.antesDe !== undefined ? lt(mensaje.seq, o.antesDe) : undefined))
    .orderBy(desc(mensaje.seq))
    .limit(o.limite);
  return filas.reverse();
}

export async function mensajePorIdCliente(db: DbOrTx, idChat: number, idCliente: string): Promise<FilaMensaje | null> {
  const [m] = await db
    .select()
    .from(mensaje)
    .where(and(eq(mensaje.id_chat, idChat), eq(mensaje.id_cliente, idCliente)));
  return m ?? null;
}

/** Takes the conversation's row lock and the next sequence number, if the actor may write in it. */
export async function reservarSecuencia(tx: DbOrTx, a: Actor, idChat: number) {
  const [c] = await tx
    .update(chat)
    .set({ ultimo_seq: sql`${chat.ultimo_seq} + 1`, rev: sql`${chat.rev} + 1` })
    .where(and(eq(chat.id_chat, idChat), accesoDe(a), escribible))
    .returning({
      id_chat: chat.id_chat,
      tipo: chat.tipo,
      id_psicologo: chat.id_psicologo,
      id_paciente: chat.id_paciente,
      id_admin: chat.id_admin,
      seq: chat.ultimo_seq,
      rev: chat.rev,
    });
  return c ?? null;
}
export type ChatReservado = NonNullable<Awaited<ReturnType<typeof reservarSecuencia>>>;

/**
 * Inserts the message; null when a message with the same client id is already stored. Also returns
 * the recipient's unread count including this message. It is counted by this statement, which
 * starts after the row lock was granted, so it sees every message committed before (a count in
 * the lock-taking UPDATE would use a snapshot older than the lock).
 */
export async function insertarMensaje(
  tx: DbOrTx,
  m: { id_chat: number; seq: number; remitente: Rol; contenido: string; id_cliente: string | null; fecha_envio: Date },
) {
  const [fila] = await tx
    .insert(mensaje)
    .values(m)
    .onConflictDoNothing({ target: [mensaje.id_chat, mensaje.id_cliente] })
    .returning({
      id_mensaje: mensaje.id_mensaje,
      id_chat: mensaje.id_chat,
      seq: mensaje.seq,
      remitente: mensaje.remitente,
      contenido: mensaje.contenido,
      id_cliente: mensaje.id_cliente,
      leido: mensaje.leido,
      leido_en: mensaje.leido_en,
      fecha_envio: mensaje.fecha_envio,
      // The row being inserted is not visible to its own statement: + 1 counts it.
      no_leidos_destinatario: sql<number>`(select count(*)::int + 1 from ${mensaje} m2 where m2.id_chat = ${m.id_chat} and not m2.leido and m2.remitente = ${m.remitente})`,
    });
  if (!fila) return null;
  const { no_leidos_destinatario, ...mensajeInsertado } = fila;
  return { mensaje: mensajeInsertado as FilaMensaje, noLeidosDestinatario: Number(no_leidos_destinatario) };
}

/** Locks the conversation (serialising with sends) and bumps its revision. */
export async function bloquearParaLectura(tx: DbOrTx, a: Actor, idChat: number) {
  const [c] = await tx
    .update(chat)
    .set({ rev: sql`${chat.rev} + 1` })
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

export async function contarNoLeidos(db: DbOrTx, a: Actor, idChat: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mensaje)
    .where(and(eq(mensaje.id_chat, idChat), eq(mensaje.leido, false), sql`${mensaje.remitente} <> ${a.rol}`));
  return Number(r?.n ?? 0);
}

// ---- Psychologist–patient chats ----

export async function pacienteDelPsicologo(db: DbOrTx, idPsicologo: number, idPaciente: number) {
  const [p] = await db
    .select({ id_paciente: paciente.id_paciente })
    .from(paciente)
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)));
  return p ?? null;
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
    .orderBy(asc(paciente.nombre), asc(paciente.apellido_paterno), asc(paciente.id_paciente));
}
