// A chat message row → the message payload every reader gets (spec 1 §3): the chat module's own
// answers and events, and supervision's read-only view (decision 365), from one place.
import type { Mensaje, Remitente } from '@miduelo/shared/chat-respuestas';

export interface FilaDeMensaje {
  id_mensaje: number;
  id_chat: number;
  contenido: string;
  remitente: string;
  fecha_envio: Date;
  seq: number;
  id_cliente: string | null;
  leido: boolean;
  crisis: boolean;
}

export function mensajeDto(m: FilaDeMensaje): Mensaje {
  return {
    id_mensaje: m.id_mensaje,
    id_chat: m.id_chat,
    contenido: m.contenido,
    remitente: m.remitente as Remitente,
    fecha_envio: m.fecha_envio.toISOString(),
    seq: m.seq,
    id_cliente: m.id_cliente,
    leido: m.leido,
    crisis: m.crisis,
  };
}
