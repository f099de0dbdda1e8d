import type { TipoDestinatario } from '@miduelo/shared/chat';
import type {
  Chat,
  ChatAdmin,
  LeerRespuesta,
  Mensaje,
  MensajeAdmin,
  PacienteSinChat,
  UsuarioDisponible,
  VerificarChat,
} from '@miduelo/shared/chat-respuestas';
import { http } from '@/nucleo/http';

// Chat calls: the psychologist's (spec 1 §7, base /api/psicologo) and the administrator's
// (spec 2 §7, base /api/admin). The socket side of the chat lives in features/chat.
const psicologo = '/api/psicologo';
const admin = '/api/admin';

interface PaginaMensajes {
  despues_de?: number;
  antes_de?: number;
  limite?: number;
}

// ---------- Psychologist ----------

export const listarChats = (signal?: AbortSignal) => http.get<Chat[]>(`${psicologo}/chats`, { signal });
export const buscarChats = (q: string, signal?: AbortSignal) => http.get<Chat[]>(`${psicologo}/chats/buscar`, { query: { q }, signal });
export const mensajesDeChat = (id: number, query: PaginaMensajes, signal?: AbortSignal) =>
  http.get<Mensaje[]>(`${psicologo}/chats/${id}/mensajes`, { query: { ...query }, signal });
export const enviarMensaje = (id_chat: number, contenido: string, id_cliente: string) =>
  http.post<Mensaje>(`${psicologo}/mensajes`, { id_chat, contenido, id_cliente });
export const crearChat = (id_paciente: number) => http.post<Chat>(`${psicologo}/chats`, { id_paciente });
export const marcarLeido = (id: number) => http.put<LeerRespuesta>(`${psicologo}/chats/${id}/leer`);
export const pacientesSinChat = (signal?: AbortSignal) =>
  http.get<PacienteSinChat[]>(`${psicologo}/chats/pacientes-disponibles`, { signal });
/** Whether a chat with the patient exists (the patient file's Crear Chat). */
export const verificarChat = (id_paciente: number, signal?: AbortSignal) =>
  http.get<VerificarChat>(`${psicologo}/chat/verificar/${id_paciente}`, { signal });

// ---------- Administrator ----------

export const listarChatsAdmin = (signal?: AbortSignal) => http.get<ChatAdmin[]>(`${admin}/chats`, { signal });
export const buscarChatsAdmin = (q: string, signal?: AbortSignal) =>
  http.get<ChatAdmin[]>(`${admin}/chats/buscar`, { query: { q }, signal });
export const mensajesAdmin = (id: number, query: PaginaMensajes, signal?: AbortSignal) =>
  http.get<MensajeAdmin[]>(`${admin}/chats/${id}/mensajes`, { query: { ...query }, signal });
export const enviarMensajeAdmin = (id_chat_admin: number, contenido: string, id_cliente: string) =>
  http.post<MensajeAdmin>(`${admin}/mensajes`, { id_chat_admin, contenido, id_cliente });
export const crearChatAdmin = (destinatario_tipo: TipoDestinatario, destinatario_id: number) =>
  http.post<ChatAdmin>(`${admin}/chats`, { destinatario_tipo, destinatario_id });
export const marcarLeidoAdmin = (id: number) => http.put<LeerRespuesta>(`${admin}/chats/${id}/leer`);

export type FiltroUsuarios = 'todos' | 'psicologos' | 'pacientes';
export const usuariosDisponibles = (filtro: FiltroUsuarios, signal?: AbortSignal) =>
  http.get<UsuarioDisponible[]>(filtro === 'todos' ? `${admin}/usuarios-disponibles` : `${admin}/usuarios-disponibles/${filtro}`, {
    signal,
  });
