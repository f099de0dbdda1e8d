// "Escribir a <psicóloga>" (decision 365): the administrator's own conversation with that
// psychologist (POST /api/admin/chats, or the one she already has), opened in /admin/chat.
import type { ChatAdmin } from '@miduelo/shared/chat-respuestas';
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { crearChatAdmin, listarChatsAdmin } from '@/api/chat';
import { ApiError, mostrarError } from '@/nucleo/http';

const conPsicologa = (chats: ChatAdmin[], id: number) =>
  chats.find((c) => c.destinatario_tipo === 'psicologo' && c.destinatario_id === id) ?? null;

async function chatCon(idPsicologo: number): Promise<ChatAdmin> {
  const existente = conPsicologa(await listarChatsAdmin(), idPsicologo);
  if (existente) return existente;
  try {
    return await crearChatAdmin('psicologo', idPsicologo);
  } catch (e) {
    // Created meanwhile (another tab): it exists now.
    if (!(e instanceof ApiError && e.status === 409)) throw e;
    const creado = conPsicologa(await listarChatsAdmin(), idPsicologo);
    if (!creado) throw e;
    return creado;
  }
}

export function useEscribirA() {
  const navigate = useNavigate();
  const [ocupado, setOcupado] = useState(false);
  async function escribir(idPsicologo: number) {
    setOcupado(true);
    try {
      const c = await chatCon(idPsicologo);
      await navigate({ to: '/admin/chat', search: { chat: c.id_chat_admin } });
    } catch (e) {
      mostrarError(e, TEXTOS_CHAT.admin.errorCrear);
      setOcupado(false);
    }
  }
  return { ocupado, escribir };
}
