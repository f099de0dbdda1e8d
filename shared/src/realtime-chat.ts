// Chat events (issue 4). Messages, unread counts and read receipts go to the personal rooms of the
// participants (every tab and device of each); typing indicators only to the sockets that opened
// the conversation (`chat:unirse`, after an authorization check). `chat:*` events are for the
// psychologist and patient side, `chat-admin:*` for the administrator's own conversations.
import * as v from 'valibot';
import { type EnviarMensajeAdminBody, EnviarMensajeAdminSchema, type EnviarMensajeBody, EnviarMensajeSchema } from './chat';
import { type Mensaje, type MensajeAdmin, MensajeAdminSchema, MensajeSchema, type Remitente, type TipoChat } from './chat-respuestas';
import type { Ack } from './realtime-ack';

/** The recipient's new unread count, carried by its copy of a new message. */
export interface ConteoNoLeidos {
  mensajes_no_leidos: number;
  rev: number;
}

/** Unread count of one conversation for the receiving account. Apply it only if `rev` is newer
 * than the last one applied to that conversation (events of several nodes may cross). */
export interface NoLeidos {
  id_chat: number;
  mensajes_no_leidos: number;
  rev: number;
}
export interface NoLeidosAdmin {
  id_chat_admin: number;
  mensajes_no_leidos: number;
  rev: number;
}

/** Read receipt: the other participant has read every message of yours up to `hasta_seq`. */
export interface Leido {
  id_chat: number;
  hasta_seq: number;
}
export interface LeidoAdmin {
  id_chat_admin: number;
  hasta_seq: number;
}

export interface Escribiendo {
  id_chat: number;
  remitente: Remitente;
  escribiendo: boolean;
}
export interface EscribiendoAdmin {
  id_chat_admin: number;
  remitente: Remitente;
  escribiendo: boolean;
}

/** To the psychologist: a patient wrote crisis language in their conversation (decision 339). The
 * alert lasts while `crisis_sin_abrir` > 0, that is until she opens the conversation (its
 * `chat:no-leidos` to 0 with a newer `rev` ends it); a reload finds it again in her chat list. */
export interface AlertaCrisisChat {
  id_chat: number;
  id_paciente: number;
  paciente: { nombre: string; apellido_paterno: string; apellido_materno: string | null };
  crisis_sin_abrir: number;
  rev: number;
}

export interface ChatServidorACliente {
  /** A message was committed in one of the account's conversations (its own messages included).
   * The recipient's copy of a new message carries its unread count (`no_leidos`). */
  'chat:mensaje': (p: { mensaje: Mensaje; tipo: TipoChat; no_leidos?: ConteoNoLeidos }) => void;
  'chat:no-leidos': (p: NoLeidos) => void;
  'chat:leido': (p: Leido) => void;
  /** A conversation appeared in the account's list (created by the psychologist or an administrator). */
  'chat:creado': (p: { id_chat: number; tipo: TipoChat }) => void;
  'chat:escribiendo': (p: Escribiendo) => void;
  'chat:alerta-crisis': (p: AlertaCrisisChat) => void;
  'chat-admin:mensaje': (p: { mensaje: MensajeAdmin; no_leidos?: ConteoNoLeidos }) => void;
  'chat-admin:no-leidos': (p: NoLeidosAdmin) => void;
  'chat-admin:leido': (p: LeidoAdmin) => void;
  'chat-admin:creado': (p: { id_chat_admin: number }) => void;
  'chat-admin:escribiendo': (p: EscribiendoAdmin) => void;
}

/** What a socket gets when it opens a conversation: every message after `despues_de` (in order). */
export interface Sincronizacion<M> {
  mensajes: M[];
  ultimo_seq: number;
  /** More messages remain after the last one returned: ask again from its seq. */
  hay_mas: boolean;
}

/** Reply to a socket send: the stored message, or the HTTP status and code the same send over
 * HTTP would have answered (so a client treats both paths alike). */
export type AckEnvio<T> = (r: { ok: true; data: T } | { ok: false; msg: string; code: string; status: number }) => void;

export interface ChatClienteAServidor {
  /** Sends a message over the socket (same rules, limits and idempotency as POST /mensajes);
   * the ack comes once it is committed. */
  'chat:enviar': (p: EnviarMensajeBody, ack: AckEnvio<Mensaje>) => void;
  'chat-admin:enviar': (p: EnviarMensajeAdminBody, ack: AckEnvio<MensajeAdmin>) => void;
  /** Opens a conversation on this socket (typing indicators) and returns what was missed. */
  'chat:unirse': (p: { id_chat: number; despues_de?: number }, ack: Ack<Sincronizacion<Mensaje>>) => void;
  'chat:salir': (p: { id_chat: number }) => void;
  'chat:escribiendo': (p: { id_chat: number; escribiendo: boolean }) => void;
  'chat-admin:unirse': (p: { id_chat_admin: number; despues_de?: number }, ack: Ack<Sincronizacion<MensajeAdmin>>) => void;
  'chat-admin:salir': (p: { id_chat_admin: number }) => void;
  'chat-admin:escribiendo': (p: { id_chat_admin: number; escribiendo: boolean }) => void;
}

// ---- Payload schemas of the client→server events (validated on receipt) ----

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const seq = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647)), 0);

export const EnviarSchema = EnviarMensajeSchema;
export const EnviarAdminSchema = EnviarMensajeAdminSchema;
export const UnirseSchema = v.object({ id_chat: id, despues_de: seq });
export const UnirseAdminSchema = v.object({ id_chat_admin: id, despues_de: seq });
export const SalirSchema = v.object({ id_chat: id });
export const SalirAdminSchema = v.object({ id_chat_admin: id });
export const EscribiendoSchema = v.object({ id_chat: id, escribiendo: v.boolean() });
export const EscribiendoAdminSchema = v.object({ id_chat_admin: id, escribiendo: v.boolean() });

// ---- Payload schemas of the server→client events (the clients validate what they receive) ----

const ConteoSchema = v.object({ mensajes_no_leidos: v.number(), rev: v.number() });
const remitente = v.picklist(['psicologo', 'paciente', 'admin']);

export const EventoMensajeSchema = v.object({
  mensaje: MensajeSchema,
  tipo: v.picklist(['paciente', 'admin']),
  no_leidos: v.optional(ConteoSchema),
});
export const EventoMensajeAdminSchema = v.object({ mensaje: MensajeAdminSchema, no_leidos: v.optional(ConteoSchema) });
export const EventoNoLeidosSchema = v.object({ id_chat: v.number(), mensajes_no_leidos: v.number(), rev: v.number() });
export const EventoNoLeidosAdminSchema = v.object({ id_chat_admin: v.number(), mensajes_no_leidos: v.number(), rev: v.number() });
export const EventoLeidoSchema = v.object({ id_chat: v.number(), hasta_seq: v.number() });
export const EventoLeidoAdminSchema = v.object({ id_chat_admin: v.number(), hasta_seq: v.number() });
export const EventoCreadoSchema = v.object({ id_chat: v.number(), tipo: v.picklist(['paciente', 'admin']) });
export const EventoCreadoAdminSchema = v.object({ id_chat_admin: v.number() });
export const EventoEscribiendoSchema = v.object({ id_chat: v.number(), remitente, escribiendo: v.boolean() });
export const EventoEscribiendoAdminSchema = v.object({ id_chat_admin: v.number(), remitente, escribiendo: v.boolean() });
export const EventoAlertaCrisisChatSchema = v.object({
  id_chat: v.number(),
  id_paciente: v.number(),
  paciente: v.object({ nombre: v.string(), apellido_paterno: v.string(), apellido_materno: v.nullable(v.string()) }),
  crisis_sin_abrir: v.number(),
  rev: v.number(),
});
