import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type ChatAdmin, nombreCompleto, vistaPrevia } from '@miduelo/shared/chat-respuestas';
import type { LadoConversaciones } from '../lado';
import { adaptadorAdmin } from './adaptador-admin';

const etiquetaTipo = (c: Pick<ChatAdmin, 'destinatario_tipo'>) =>
  c.destinatario_tipo === 'psicologo' ? TEXTOS_CHAT.admin.psicologo : TEXTOS_CHAT.admin.paciente;

/** The administrator's side (spec 2 §2): a type badge on every conversation, 'You'-prefixed previews. */
export const ladoAdmin: LadoConversaciones<ChatAdmin> = {
  adaptador: adaptadorAdmin,
  apariencia: (c) => ({
    nombre: nombreCompleto(c.destinatario),
    tonoAvatar: c.destinatario_tipo === 'psicologo' ? 'salvia' : 'arena',
    insignia: { tono: c.destinatario_tipo === 'psicologo' ? 'salvia' : 'neutro', texto: etiquetaTipo(c) },
  }),
  vistaPrevia: (c) => vistaPrevia(c.ultimo_mensaje, 'admin', TEXTOS_CHAT.admin.prefijoPropio),
};
