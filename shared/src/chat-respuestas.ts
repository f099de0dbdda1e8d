// Response payloads of the chat API (spec 1 §3 Chat/Message, spec 2 §3 Admin chat) and the small
// helpers both clients use to show them.
import * as v from 'valibot';
import { TEXTOS_CHAT, TIPOS_DESTINATARIO } from './chat';

export const REMITENTES = ['psicologo', 'paciente', 'admin'] as const;
export type Remitente = (typeof REMITENTES)[number];

/** A conversation of the psychologist/patient side: with a patient or psychologist, or with the administration. */
export type TipoChat = 'paciente' | 'admin';

const Persona = v.object({
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
});

/** The administrator seen by the person they wrote to: a name, never an address. */
const Administrador = v.object({
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
});

const UltimoMensaje = v.nullable(v.object({ contenido: v.string(), remitente: v.picklist(REMITENTES), fecha_envio: v.string() }));

export const MensajeSchema = v.object({
  id_mensaje: v.number(),
  id_chat: v.number(),
  contenido: v.string(),
  remitente: v.picklist(REMITENTES),
  fecha_envio: v.string(),
  seq: v.number(),
  id_cliente: v.nullable(v.string()),
  leido: v.boolean(),
  /** A patient's message with crisis language, judged by the server when stored (decision 338). */
  crisis: v.boolean(),
});
export type Mensaje = v.InferOutput<typeof MensajeSchema>;
export const MensajesSchema = v.array(MensajeSchema);

export const MensajeAdminSchema = v.object({
  id_mensaje: v.number(),
  id_chat_admin: v.number(),
  contenido: v.string(),
  remitente: v.picklist(REMITENTES),
  fecha_envio: v.string(),
  seq: v.number(),
  id_cliente: v.nullable(v.string()),
  leido: v.boolean(),
  /** A patient's message with crisis language, judged by the server when stored (decision 338). */
  crisis: v.boolean(),
});
export type MensajeAdmin = v.InferOutput<typeof MensajeAdminSchema>;
export const MensajesAdminSchema = v.array(MensajeAdminSchema);

/** Fields every conversation summary carries besides its counterpart. `ultimo_seq` lets a client
 * resynchronise; `rev` orders unread-count updates that arrive out of order from several nodes. */
const resumen = {
  ultimo_mensaje: UltimoMensaje,
  mensajes_no_leidos: v.number(),
  /** The other participant's crisis-marked messages not opened yet (decision 339). */
  crisis_sin_abrir: v.number(),
  ultimo_seq: v.number(),
  rev: v.number(),
  fecha_creacion: v.string(),
};

/** A chat in the psychologist's list (spec 1 §3), or a conversation an administrator opened with them. */
export const ChatSchema = v.object({
  id_chat: v.number(),
  tipo: v.picklist(['paciente', 'admin']),
  id_paciente: v.nullable(v.number()),
  /** The patient; in the administration's conversation (tipo 'admin') the administration's name in
   * `nombre`, '' elsewhere, for the original web client, which shows these fields and nothing else
   * (decision 392). Read `tipo` and `administrador` to tell the two apart. */
  paciente: v.nullable(Persona),
  administrador: v.nullable(Administrador),
  ...resumen,
});
export type Chat = v.InferOutput<typeof ChatSchema>;
export const ChatsSchema = v.array(ChatSchema);

/** A chat in the patient's list (mobile app): with their psychologist, or with the administration. */
export const ChatPacienteSchema = v.object({
  id_chat: v.number(),
  tipo: v.picklist(['paciente', 'admin']),
  id_psicologo: v.nullable(v.number()),
  psicologo: v.nullable(Persona),
  administrador: v.nullable(Administrador),
  ...resumen,
});
export type ChatPaciente = v.InferOutput<typeof ChatPacienteSchema>;
export const ChatsPacienteSchema = v.array(ChatPacienteSchema);

/** Admin chat (spec 2 §3). */
export const ChatAdminSchema = v.object({
  id_chat_admin: v.number(),
  destinatario_tipo: v.picklist(TIPOS_DESTINATARIO),
  destinatario_id: v.number(),
  destinatario: Persona,
  ...resumen,
});
export type ChatAdmin = v.InferOutput<typeof ChatAdminSchema>;
export const ChatsAdminSchema = v.array(ChatAdminSchema);

/** Available user (spec 2 §3): someone the administrator has no conversation with yet. */
export const UsuarioDisponibleSchema = v.object({
  tipo: v.picklist(TIPOS_DESTINATARIO),
  id: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
});
export type UsuarioDisponible = v.InferOutput<typeof UsuarioDisponibleSchema>;
export const UsuariosDisponiblesSchema = v.array(UsuarioDisponibleSchema);

/** A patient of the psychologist who has no chat yet ('Nuevo Chat' modal). */
export const PacienteSinChatSchema = v.object({
  id_paciente: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
});
export type PacienteSinChat = v.InferOutput<typeof PacienteSinChatSchema>;
export const PacientesSinChatSchema = v.array(PacienteSinChatSchema);

/** GET /api/psicologo/chat/verificar/{id_paciente}. */
export const VerificarChatSchema = v.object({ existe: v.boolean(), id_chat: v.optional(v.number()) });
export type VerificarChat = v.InferOutput<typeof VerificarChatSchema>;

/** PUT .../chats/{id}/leer. */
export const LeerRespuestaSchema = v.object({
  msg: v.string(),
  mensajes_no_leidos: v.number(),
  marcados: v.number(),
  hasta_seq: v.number(),
});
export type LeerRespuesta = v.InferOutput<typeof LeerRespuestaSchema>;

// ---- Helpers shared by the screens ----

export { nombreCompleto } from './nombres';

/** Text of the list's last-message line: 'Tú: …' for own messages, 'Sin mensajes' when empty. */
export function vistaPrevia(
  ultimo: { contenido: string; remitente: Remitente } | null,
  propio: Remitente,
  prefijo: string = TEXTOS_CHAT.prefijoPropio,
): string {
  if (!ultimo) return TEXTOS_CHAT.sinMensajes;
  const linea = ultimo.contenido.replace(/\s+/g, ' ').trim();
  return ultimo.remitente === propio ? `${prefijo} ${linea}` : linea;
}
