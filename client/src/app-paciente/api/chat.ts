import type { ChatPaciente, Mensaje } from '@miduelo/shared/chat-respuestas';
import { api, useRecurso } from '../lib/api';

// The patient's conversations (spec 2 §8, /api/paciente; decisions 052, 185, 296): her chats with
// their unread counts, a conversation's messages (the latest page, what came after a sequence
// number, or a page before one), marking it read, and sending (only through the outbox:
// lib/bandeja.ts). The psychologists' side is the web's api/chat.ts; the types are shared.

/** Her conversations; shown at once from the phone (cache key: the path, as before). */
export const useMisChats = () => useRecurso<ChatPaciente[]>('/chats');

export const misChats = () => api<ChatPaciente[]>('/chats');

/** Without options: the latest page. `despues_de`: what came after (at most a full page);
 * `antes_de`: an older page. */
export function mensajesDeChat(idChat: number, o: { despues_de?: number; antes_de?: number; limite?: number } = {}): Promise<Mensaje[]> {
  const q = new URLSearchParams();
  if (o.despues_de) q.set('despues_de', String(o.despues_de));
  if (o.antes_de !== undefined) q.set('antes_de', String(o.antes_de));
  if (o.limite !== undefined) q.set('limite', String(o.limite));
  const texto = q.toString();
  return api<Mensaje[]>(`/chats/${idChat}/mensajes${texto ? `?${texto}` : ''}`);
}

export const marcarChatLeido = (idChat: number) => api<unknown>(`/chats/${idChat}/leer`, { metodo: 'PUT' });

/** One message of the outbox, with the client id it keeps across retries. */
export const enviarMensaje = (p: { id_chat: number; contenido: string; id_cliente: string }) =>
  api<Mensaje>('/mensajes', { metodo: 'POST', cuerpo: p });
