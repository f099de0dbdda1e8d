// Live events of supervision (issue 55, decisions 365 and 366). The administrators' list and alerts
// reach every administrator (room `administradores`) and carry no message text; a conversation's
// messages reach only a socket whose administrator holds an opening in force, through
// 'supervision:unirse', and stop when the opening lapses.
import type { Mensaje } from './chat-respuestas';
import type { Ack } from './realtime-ack';
import type { AlertaCrisis, Apertura } from './supervision';

export interface SupervisionServidorACliente {
  /** To the psychologist (her personal room): an administrator opened one of her conversations. */
  'supervision:abierta': (p: { apertura: Apertura }) => void;
  /** To every administrator: a supervised conversation's metadata changed (a message, an opening,
   * an alert, a reminder): the list reads that row again (GET /api/admin/supervision). Only the id. */
  'supervision:cambio': (p: { id_chat: number }) => void;
  /** To the sockets that joined a conversation under an opening in force: a new message. */
  'supervision:mensaje': (p: { id_chat: number; mensaje: Mensaje }) => void;
  /** To a socket that joined a conversation: its opening lapsed; it receives nothing more. */
  'supervision:vencida': (p: { id_chat: number }) => void;
  /** To every administrator: a crisis message waited unopened longer than ALERTA_CRISIS_MINUTOS. */
  'alerta-crisis:nueva': (p: { alerta: AlertaCrisis }) => void;
  /** To every administrator: an alert was acknowledged (it leaves every bar and list). */
  'alerta-crisis:reconocida': (p: { id_alerta: number; id_chat: number; reconocida_en: string; id_admin_reconoce: number }) => void;
}

export interface SupervisionClienteAServidor {
  /** Joins the live messages of a conversation (authorized against the administrator's opening in
   * force; refused otherwise). The ack carries when the opening lapses and the last sequence number. */
  'supervision:unirse': (p: { id_chat: number }, ack: Ack<{ id_chat: number; vence_en: string; ultimo_seq: number }>) => void;
  'supervision:salir': (p: { id_chat: number }) => void;
}
