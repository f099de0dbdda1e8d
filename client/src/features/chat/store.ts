import type { Chat } from '@miduelo/shared/chat-respuestas';
import { crearConversaciones } from '@/lib/conversaciones';
import { adaptadorPsicologo } from './api';

/** Live chats of the signed-in psychologist (list, open conversation, unread counts). */
export const chatPsicologo = crearConversaciones<Chat>(adaptadorPsicologo);
export const useChatPsicologo = chatPsicologo.useConv;
