import type { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import type { ClavePushSchema, PreferenciasPush } from '@miduelo/shared/notificaciones';
import type * as v from 'valibot';
import { api, useRecurso } from '../lib/api';

// Push notifications of this phone (/api/paciente/push; decisions 182, 201): the server's public
// key, subscribing and unsubscribing the browser, and what she wants to be told about. Only the
// patient's app has these calls. (lib/notificaciones.ts keeps the subscription in step with the session.)

type Msg = v.InferOutput<typeof MsgRespuesta>;

/** The VAPID key; null when the server has no push configured. Not kept on the phone. */
export const useClavePush = () => useRecurso<v.InferOutput<typeof ClavePushSchema>>('/push/clave', null);

/** Her preferences, kept on the phone under 'push-preferencias'. */
export const usePreferenciasPush = () => useRecurso<PreferenciasPush>('/push/preferencias', 'push-preferencias');

export const guardarPreferenciasPush = (preferencias: PreferenciasPush) =>
  api<PreferenciasPush>('/push/preferencias', { metodo: 'PUT', cuerpo: preferencias });

export const registrarSuscripcionPush = (suscripcion: PushSubscriptionJSON) =>
  api<Msg>('/push/suscripciones', { metodo: 'POST', cuerpo: suscripcion });

export const borrarSuscripcionPush = (endpoint: string) => api<Msg>('/push/suscripciones', { metodo: 'DELETE', cuerpo: { endpoint } });
