import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type Chat, type Mensaje, MensajeSchema, MensajesSchema } from '@miduelo/shared/chat-respuestas';
import {
  EventoCreadoSchema,
  EventoEscribiendoSchema,
  EventoLeidoSchema,
  EventoMensajeSchema,
  EventoNoLeidosSchema,
  type Sincronizacion,
} from '@miduelo/shared/realtime-chat';
import * as v from 'valibot';
import { alertasDeChats, marcaAlertas, reemplazarAlertas } from '@/lib/alertas-crisis';
import { buscarChats, enviarMensaje, listarChats, marcarLeido, mensajesDeChat } from '@/api/chat';
import type { AdaptadorConv } from './conversaciones-tipos';
import { datosDeEnvio, ESPERA_ACK_MS, escuchar, oir } from './socket-eventos';

/** The psychologist's side for the shared conversation store: own messages are 'psicologo'. */
export const adaptadorPsicologo: AdaptadorConv<Chat> = {
  propio: 'psicologo',
  idDe: (c) => c.id_chat,
  listar: async (q, signal) => {
    if (q) return buscarChats(q, signal);
    // The whole list also says which conversations hold crisis messages not opened (decision 339).
    const desde = marcaAlertas();
    const chats = await listarChats(signal);
    reemplazarAlertas(alertasDeChats(chats), desde);
    return chats;
  },
  mensajes: mensajesDeChat,
  enviar: enviarMensaje,
  leer: marcarLeido,
  textoErrorEnvio: TEXTOS_CHAT.errorEnviar,
  socket: {
    suscribir: (s, e) =>
      escuchar(s, {
        'chat:mensaje': oir(EventoMensajeSchema, (p) => e.mensaje(p.mensaje, p.no_leidos)),
        'chat:no-leidos': oir(EventoNoLeidosSchema, (p) =>
          e.noLeidos({ id: p.id_chat, mensajes_no_leidos: p.mensajes_no_leidos, rev: p.rev }),
        ),
        'chat:leido': oir(EventoLeidoSchema, (p) => e.leido({ id: p.id_chat, hasta_seq: p.hasta_seq })),
        'chat:creado': oir(EventoCreadoSchema, (p) => e.creado({ id: p.id_chat })),
        'chat:escribiendo': oir(EventoEscribiendoSchema, (p) =>
          e.escribiendo({ id: p.id_chat, remitente: p.remitente, escribiendo: p.escribiendo }),
        ),
      }),
    async unirse(s, id, despues_de) {
      const r = await s.timeout(ESPERA_ACK_MS).emitWithAck('chat:unirse', { id_chat: id, despues_de });
      if (!r.ok) return null;
      const d = r.data as Sincronizacion<Mensaje>;
      return { mensajes: v.parse(MensajesSchema, d.mensajes), hay_mas: d.hay_mas };
    },
    async enviar(s, id, contenido, id_cliente) {
      const r = await s.timeout(ESPERA_ACK_MS).emitWithAck('chat:enviar', { id_chat: id, contenido, id_cliente });
      return v.parse(MensajeSchema, datosDeEnvio(r));
    },
    salir: (s, id) => void s.emit('chat:salir', { id_chat: id }),
    escribiendo: (s, id, valor) => void s.emit('chat:escribiendo', { id_chat: id, escribiendo: valor }),
  },
};
