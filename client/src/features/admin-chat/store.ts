import type { ChatAdmin } from '@miduelo/shared/chat-respuestas';
import { crearConversaciones } from '@/lib/conversaciones';
import { adaptadorAdmin } from './api';

/** Live conversations of the signed-in administrator. */
export const chatAdmin = crearConversaciones<ChatAdmin>(adaptadorAdmin);
export const useChatAdmin = chatAdmin.useConv;
