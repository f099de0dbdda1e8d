import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type ChatAdmin, type MensajeAdmin, MensajeAdminSchema, MensajesAdminSchema } from '@miduelo/shared/chat-respuestas';
import {
  EventoCreadoAdminSchema,
  EventoEscribiendoAdminSchema,
  EventoLeidoAdminSchema,
  EventoMensajeAdminSchema,
  EventoNoLeidosAdminSchema,
  type Sincronizacion,
} from '@miduelo/shared/realtime-chat';
import * as v from 'valibot';
import { buscarChatsAdmin, enviarMensajeAdmin, listarChatsAdmin, marcarLeidoAdmin, mensajesAdmin } from '@/api/chat';
import type { AdaptadorConv, MensajeServidor } from '../conversaciones-tipos';
import { datosDeEnvio, ESPERA_ACK_MS, escuchar, oir } from '../socket-eventos';

/** The store keeps one id name for every conversation: `id_chat` is the admin's `id_chat_admin`. */
const aNeutral = ({ id_chat_admin, ...m }: MensajeAdmin): MensajeServidor => ({ ...m, id_chat: id_chat_admin });

/** The administrator's side for the shared conversation store: own messages are 'admin'. */
export const adaptadorAdmin: AdaptadorConv<ChatAdmin> = {
  propio: 'admin',
  idDe: (c) => c.id_chat_admin,
  listar: (q, signal) => (q ? buscarChatsAdmin(q, signal) : listarChatsAdmin(signal)),
  mensajes: async (id, query, signal) => (await mensajesAdmin(id, query, signal)).map(aNeutral),
  enviar: async (id, contenido, id_cliente) => aNeutral(await enviarMensajeAdmin(id, contenido, id_cliente)),
  leer: marcarLeidoAdmin,
  textoErrorEnvio: TEXTOS_CHAT.admin.errorEnviar,
  socket: {
    suscribir: (s, e) =>
      escuchar(s, {
        'chat-admin:mensaje': oir(EventoMensajeAdminSchema, (p) => e.mensaje(aNeutral(p.mensaje), p.no_leidos)),
        'chat-admin:no-leidos': oir(EventoNoLeidosAdminSchema, (p) =>
          e.noLeidos({ id: p.id_chat_admin, mensajes_no_leidos: p.mensajes_no_leidos, rev: p.rev }),
        ),
        'chat-admin:leido': oir(EventoLeidoAdminSchema, (p) => e.leido({ id: p.id_chat_admin, hasta_seq: p.hasta_seq })),
        'chat-admin:creado': oir(EventoCreadoAdminSchema, (p) => e.creado({ id: p.id_chat_admin })),
        'chat-admin:escribiendo': oir(EventoEscribiendoAdminSchema, (p) =>
          e.escribiendo({ id: p.id_chat_admin, remitente: p.remitente, escribiendo: p.escribiendo }),
        ),
      }),
    async unirse(s, id, despues_de) {
      const r = await s.timeout(ESPERA_ACK_MS).emitWithAck('chat-admin:unirse', { id_chat_admin: id, despues_de });
      if (!r.ok) return null;
      const d = r.data as Sincronizacion<MensajeAdmin>;
      return { mensajes: v.parse(MensajesAdminSchema, d.mensajes).map(aNeutral), hay_mas: d.hay_mas };
    },
    async enviar(s, id, contenido, id_cliente) {
      const r = await s.timeout(ESPERA_ACK_MS).emitWithAck('chat-admin:enviar', { id_chat_admin: id, contenido, id_cliente });
      return aNeutral(v.parse(MensajeAdminSchema, datosDeEnvio(r)));
    },
    salir: (s, id) => void s.emit('chat-admin:salir', { id_chat_admin: id }),
    escribiendo: (s, id, valor) => void s.emit('chat-admin:escribiendo', { id_chat_admin: id, escribiendo: valor }),
  },
};
