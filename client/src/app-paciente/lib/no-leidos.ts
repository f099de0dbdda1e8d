// Unread messages per conversation, for the bottom bar and Home: from GET /chats, then live
// (`chat:mensaje` carries the recipient's count, `chat:no-leidos` after a read), newest `rev` wins.
import type { ChatPaciente } from '@miduelo/shared/chat-respuestas';
import { create } from 'zustand';

interface Conteo {
  n: number;
  rev: number;
}

export const useNoLeidos = create<{ porChat: Record<number, Conteo> }>()(() => ({ porChat: {} }));

export function aplicarConteo(idChat: number, n: number, rev: number): void {
  useNoLeidos.setState((s) => {
    const actual = s.porChat[idChat];
    if (actual && actual.rev > rev) return s;
    return { porChat: { ...s.porChat, [idChat]: { n, rev } } };
  });
}

export function aplicarChats(chats: ChatPaciente[]): void {
  for (const c of chats) aplicarConteo(c.id_chat, c.mensajes_no_leidos, c.rev);
}

export const totalNoLeidos = (s: { porChat: Record<number, Conteo> }) => Object.values(s.porChat).reduce((t, c) => t + c.n, 0);
