// The supervision events' payloads, checked on receipt (decisions 365 and 366).
import { MensajeSchema } from '@miduelo/shared/chat-respuestas';
import { AlertaCrisisSchema } from '@miduelo/shared/supervision';
import * as v from 'valibot';

export const IdChatEventoSchema = v.object({ id_chat: v.number() });
export const AlertaNuevaSchema = v.object({ alerta: AlertaCrisisSchema });
export const AlertaReconocidaSchema = v.object({ id_alerta: v.number(), id_chat: v.number() });
export const MensajeSupervisadoSchema = v.object({ id_chat: v.number(), mensaje: MensajeSchema });
