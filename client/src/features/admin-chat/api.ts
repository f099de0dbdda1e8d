import { TEXTOS_CHAT, type TipoDestinatario } from '@miduelo/shared/chat';
import { type ChatAdmin, type MensajeAdmin, MensajeAdminSchema, MensajesAdminSchema, type UsuarioDisponible } from '@miduelo/shared/chat-respuestas';
import {
  EventoCreadoAdminSchema,
  EventoEscribiendoAdminSchema,
  EventoLeidoAdminSchema,
  EventoMensajeAdminSchema,
  EventoNoLeidosAdminSchema,
  type Sincronizacion,
} from '@miduelo/shared/realtime-chat';
import * as v from 'valibot';
import type { AdaptadorConv, MensajeServidor } from '@/lib/conversaciones-tipos';
import { http } from '@/lib/http';
import { datosDeEnvio, ESPERA_ACK_MS, escuchar, oir } from '@/features/conversacion/socket-eventos';

// Admin chat calls of spec 2 §7 (base /api/admin), polled every 30 s while the socket is down.
const base = '/api/admin';

/** The store keeps one id name for every conversation: `id_chat` is the admin's `id_chat_admin`. */
export const aNeutral = ({ id_chat_admin, ...m }: MensajeAdmin): MensajeServidor => ({ ...m, id_chat: id_chat_admin });

export const listarChatsAdmin = (signal?: AbortSignal) => http.get<ChatAdmin[]>(`${base}/chats`, { signal });
export const buscarChatsAdmin = (q: string, signal?: AbortSignal) => http.get<ChatAdmin[]>(`${base}/chats/buscar`, { query: { q }, signal });
export const mensajesAdmin = async (id: number, query: { despues_de?: number; antes_de?: number; limite?: number }, signal?: AbortSignal) =>
  (await http.get<MensajeAdmin[]>(`${base}/chats/${id}/mensajes`, { query, signal })).map(aNeutral);
export const enviarMensajeAdmin = async (id_chat_admin: number, contenido: string, id_cliente: string) =>
  aNeutral(await http.post<MensajeAdmin>(`${base}/mensajes`, { id_chat_admin, contenido, id_cliente }));
export const crearChatAdmin = (destinatario_tipo: TipoDestinatario, destinatario_id: number) =>
  http.post<ChatAdmin>(`${base}/chats`, { destinatario_tipo, destinatario_id });
export const marcarLeidoAdmin = (id: number) => http.put<unknown>(`${base}/chats/${id}/leer`);

export type FiltroUsuarios = 'todos' | 'psicologos' | 'pacientes';
export const usuariosDisponibles = (filtro: FiltroUsuarios, signal?: AbortSignal) =>
  http.get<UsuarioDisponible[]>(filtro === 'todos' ? `${base}/usuarios-disponibles` : `${base}/usuarios-disponibles/${filtro}`, { signal });

/** The administrator's side for the shared conversation store: own messages are 'admin'. */
export const adaptadorAdmin: AdaptadorConv<ChatAdmin> = {
  propio: 'admin',
  idDe: (c) => c.id_chat_admin,
  listar: (q, signal) => (q ? buscarChatsAdmin(q, signal) : listarChatsAdmin(signal)),
  mensajes: mensajesAdmin,
  enviar: enviarMensajeAdmin,
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
