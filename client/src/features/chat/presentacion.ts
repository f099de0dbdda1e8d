import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type Chat, nombreCompleto, vistaPrevia } from '@miduelo/shared/chat-respuestas';
import { adaptadorPsicologo } from './adaptador-psicologo';
import type { LadoConversaciones } from './lado';

/** Display name of a chat of the psychologist: the patient, or the administrator who wrote. */
function nombreDeChat(c: Chat): string {
  return c.tipo === 'admin' ? nombreCompleto(c.administrador) || TEXTOS_CHAT.administracion : nombreCompleto(c.paciente);
}

/** The psychologist's side: patients in sage, the administration in terracotta with its badge. */
export const ladoPsicologo: LadoConversaciones<Chat> = {
  adaptador: adaptadorPsicologo,
  apariencia: (c) => ({
    nombre: nombreDeChat(c),
    tonoAvatar: c.tipo === 'admin' ? 'terracota' : 'salvia',
    insignia: c.tipo === 'admin' ? { tono: 'terracota', texto: TEXTOS_CHAT.administracion } : null,
  }),
  vistaPrevia: (c) => vistaPrevia(c.ultimo_mensaje, 'psicologo'),
};
