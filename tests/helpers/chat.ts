// Helpers of the chat tests: a practice (psychologist with patients), an API caller per session.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { chat, mensaje } from '@miduelo/server/db/schema/chat';
import type { AppDePrueba } from './app';
import { inyectarCon } from './app';
import { crearPaciente, crearPsicologo, type Paciente, type Psicologo, sesionPaciente, sesionPsicologo } from './fabricas';

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON bodies field by field
type Json = any;

export interface Respuesta<T = Json> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface Cliente {
  token: string;
  get<T = Json>(url: string): Promise<Respuesta<T>>;
  post<T = Json>(url: string, payload?: unknown): Promise<Respuesta<T>>;
  put<T = Json>(url: string, payload?: unknown): Promise<Respuesta<T>>;
}

export function cliente(t: AppDePrueba, token: string): Cliente {
  const llamar = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const r = await inyectarCon(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: r.statusCode, body: r.body ? r.json() : undefined, headers: r.headers };
  };
  return {
    token,
    get: (url) => llamar('GET', url),
    post: (url, payload) => llamar('POST', url, payload),
    put: (url, payload) => llamar('PUT', url, payload),
  };
}

export interface Consulta {
  psicologo: Psicologo;
  pacientes: Paciente[];
  psi: Cliente;
  pac: Cliente[];
}

/** A psychologist with `n` patients and their sessions. */
export async function crearConsulta(t: AppDePrueba, n = 2, o: Parameters<typeof crearPsicologo>[1] = {}): Promise<Consulta> {
  const psicologo = await crearPsicologo(t.db, o);
  const pacientes: Paciente[] = [];
  for (let i = 0; i < n; i++) pacientes.push(await crearPaciente(t.db, { id_psicologo: psicologo.id_psicologo, nombre: `Paciente${i}` }));
  return {
    psicologo,
    pacientes,
    psi: cliente(t, sesionPsicologo(t.app, psicologo)),
    pac: pacientes.map((p) => cliente(t, sesionPaciente(t.app, p))),
  };
}

/** Creates the chat of the psychologist with one of their patients through the API. */
export async function abrirChat(c: Consulta, i = 0): Promise<number> {
  const r = await c.psi.post('/api/psicologo/chats', { id_paciente: c.pacientes[i].id_paciente });
  if (r.status !== 201) throw new Error(`no se creó el chat: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id_chat;
}

export const idCliente = () => randomUUID();

/** Messages stored for a chat, in order, their text decrypted with the app's key (stored encrypted). */
export async function filasDe(t: AppDePrueba, idChat: number) {
  const filas = await t.db.select().from(mensaje).where(eq(mensaje.id_chat, idChat)).orderBy(mensaje.seq);
  return filas.map((f) => ({ ...f, contenido: t.app.ctx.cifrador.descifrar(f.contenido, 'mensaje.contenido') }));
}

/** Unread messages stored for the participant with role `rol` (the other side's unread ones). */
export async function noLeidosGuardados(t: AppDePrueba, idChat: number, rol: string): Promise<number> {
  const [r] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(mensaje)
    .where(and(eq(mensaje.id_chat, idChat), eq(mensaje.leido, false), sql`${mensaje.remitente} <> ${rol}`));
  return Number(r.n);
}

export async function filaChat(t: AppDePrueba, idChat: number) {
  const [c] = await t.db.select().from(chat).where(eq(chat.id_chat, idChat));
  return c;
}
