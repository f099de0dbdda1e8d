// Web Push of the patient's app (issue 17, docs/decisions/181–184): subscription and preference
// bodies, answers, the notification payload and every Spanish text a patient reads about it.
import * as v from 'valibot';
import { MSG_GENERICO } from './errores';

export const MSG_PUSH = {
  suscripcionInvalida: 'La suscripción de notificaciones no es válida',
  endpointInvalido: 'La dirección de notificaciones no es válida',
  endpointNoPermitido:
    'La dirección de notificaciones no es la de un servicio de notificaciones público. Vuelve a activar los avisos desde la app.',
  demasiadasSuscripciones: 'Estás activando los avisos demasiadas veces. Espera unos minutos e inténtalo de nuevo.',
  preferenciasInvalidas: 'Indica qué avisos quieres recibir',
  noDisponible: 'Las notificaciones no están disponibles en este servidor',
  suscrita: 'Listo: te avisaremos en este teléfono',
  baja: 'Ya no recibirás avisos en este teléfono',
  preferenciasGuardadas: 'Tus preferencias de avisos se guardaron',
} as const;

/** What a notification says. No health text travels in a push (decision 184): only that something
 * is waiting, and where. */
export const TEXTO_PUSH = {
  titulo: 'MiDuelo',
  mensaje: 'Tienes un mensaje nuevo de tu psicóloga o psicólogo.',
  mensajeAdmin: 'Tienes un mensaje nuevo del equipo de MiDuelo.',
  citaCreada: 'Tu psicóloga o psicólogo agendó una cita contigo.',
  citaActualizada: 'Hay un cambio en una de tus citas.',
  citaEliminada: 'Una de tus citas fue cancelada.',
  actividadAsignada: 'Tu psicóloga o psicólogo te asignó una actividad nueva.',
  actividadRecordatorio: 'Tu psicóloga o psicólogo te recuerda una actividad pendiente.',
} as const;

/** Subscriptions kept per patient (a phone or two, a few browsers): a new one beyond this replaces
 * the oldest (decision 329). */
export const MAX_SUSCRIPCIONES_PUSH = 5;
/** Subscription requests per patient and window, over every device and server node. */
export const SUSCRIPCIONES_POR_VENTANA = 10;
export const VENTANA_SUSCRIPCIONES_MS = 10 * 60_000;

const ENDPOINT_MAX = 2048;
const LLAVE_MAX = 200;

const llave = v.pipe(
  v.string(MSG_PUSH.suscripcionInvalida),
  v.minLength(8, MSG_PUSH.suscripcionInvalida),
  v.maxLength(LLAVE_MAX, MSG_PUSH.suscripcionInvalida),
  v.regex(/^[A-Za-z0-9_=-]+$/, MSG_PUSH.suscripcionInvalida),
);

/** POST /api/paciente/push/suscripciones: what `PushSubscription.toJSON()` gives. */
export const SuscripcionPushSchema = v.object(
  {
    endpoint: v.pipe(
      v.string(MSG_PUSH.endpointInvalido),
      v.maxLength(ENDPOINT_MAX, MSG_PUSH.endpointInvalido),
      v.url(MSG_PUSH.endpointInvalido),
      v.regex(/^https?:\/\//, MSG_PUSH.endpointInvalido),
    ),
    keys: v.object({ p256dh: llave, auth: llave }, MSG_PUSH.suscripcionInvalida),
  },
  MSG_GENERICO.cuerpoInvalido,
);
export type SuscripcionPush = v.InferOutput<typeof SuscripcionPushSchema>;

/** DELETE /api/paciente/push/suscripciones. */
export const BajaPushSchema = v.object({ endpoint: SuscripcionPushSchema.entries.endpoint }, MSG_GENERICO.cuerpoInvalido);

/** GET /api/paciente/push/preferencias (and the PUT's answer): every kind, always. */
export const PreferenciasPushSchema = v.object(
  {
    mensajes: v.boolean(MSG_PUSH.preferenciasInvalidas),
    citas: v.boolean(MSG_PUSH.preferenciasInvalidas),
    actividades: v.boolean(MSG_PUSH.preferenciasInvalidas),
  },
  MSG_GENERICO.cuerpoInvalido,
);
export type PreferenciasPush = v.InferOutput<typeof PreferenciasPushSchema>;

/** PUT /api/paciente/push/preferencias. `actividades` came later (decision 201): an app installed
 * before it sends only the first two, and the stored choice for activities is kept. */
export const CambioPreferenciasPushSchema = v.object(
  {
    mensajes: v.boolean(MSG_PUSH.preferenciasInvalidas),
    citas: v.boolean(MSG_PUSH.preferenciasInvalidas),
    actividades: v.optional(v.boolean(MSG_PUSH.preferenciasInvalidas)),
  },
  MSG_GENERICO.cuerpoInvalido,
);
export type CambioPreferenciasPush = v.InferOutput<typeof CambioPreferenciasPushSchema>;

/** GET /api/paciente/push/clave: the VAPID public key (null when push is off on this server). */
export const ClavePushSchema = v.object({ clave_publica: v.nullable(v.string()) });

/** What the service worker receives (decrypted). */
export const NotificacionPushSchema = v.object({
  tipo: v.picklist(['mensaje', 'cita', 'actividad']),
  titulo: v.string(),
  cuerpo: v.string(),
  /** Where a tap opens the app. */
  url: v.string(),
  /** Same tag: a newer notification replaces the older one instead of piling up. */
  etiqueta: v.string(),
});
export type NotificacionPush = v.InferOutput<typeof NotificacionPushSchema>;
