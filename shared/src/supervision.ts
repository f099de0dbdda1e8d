// Supervision of psychologist–patient conversations by administrators (issue 55, decisions 365 and
// 366): metadata freely; content only through a "break-glass" opening with a motive and a reason,
// for 30 minutes, read-only, audit-logged and told to the psychologist. And the safety net: an
// alert to every administrator when a patient's crisis message waits unopened, and a kind reminder
// to the psychologist when a patient's messages wait 48 hours for an answer.
import * as v from 'valibot';
import { MensajeSchema } from './chat-respuestas';
import { caracteresValidos, idEnRuta, longitudTexto, quitarInvisibles } from './comun';
import { MSG_GENERICO } from './errores';

export const MOTIVOS_SUPERVISION = ['crisis', 'queja', 'revision_calidad', 'solicitud_psicologo'] as const;
export type MotivoSupervision = (typeof MOTIVOS_SUPERVISION)[number];

export const ETIQUETA_MOTIVO_SUPERVISION: Record<MotivoSupervision, string> = {
  crisis: 'Crisis de un paciente',
  queja: 'Queja',
  revision_calidad: 'Revisión de calidad',
  solicitud_psicologo: 'Solicitud del psicólogo o psicóloga',
};

/** The reason an administrator writes before opening a conversation's content (characters). */
export const RAZON_MIN = 20;
export const RAZON_MAX = 500;
/** What an administrator did about a crisis alert (characters). */
export const ACCION_MIN = 5;
export const ACCION_MAX = 500;
/** How long one opening lets its administrator read (minutes). */
export const APERTURA_MINUTOS = 30;
/** A patient's messages unanswered longer than this are marked, and the psychologist reminded. */
export const SIN_RESPUESTA_HORAS = 48;
/** ALERTA_CRISIS_MINUTOS when unset. */
export const ALERTA_CRISIS_MINUTOS_DEFECTO = 30;
/** The longest wait the list's filter accepts (hours): one year. */
const ESPERA_HORAS_MAX = 8760;

export const MSG_SUPERVISION = {
  motivoObligatorio: 'Elige el motivo de la supervisión',
  razonObligatoria: 'Escribe la razón de la supervisión',
  razonCorta: `La razón debe tener al menos ${RAZON_MIN} caracteres`,
  razonLarga: `La razón no puede tener más de ${RAZON_MAX} caracteres`,
  accionObligatoria: 'Escribe qué se hizo ante la alerta',
  accionCorta: `Lo que se hizo debe tener al menos ${ACCION_MIN} caracteres`,
  accionLarga: `Lo que se hizo no puede tener más de ${ACCION_MAX} caracteres`,
  textoInvalido: 'El texto contiene caracteres no válidos',
  idInvalido: 'Identificador no válido',
  esperaInvalida: `Las horas de espera deben ser un número entero entre 0 y ${ESPERA_HORAS_MAX}`,
  crisisInvalido: 'El filtro de crisis debe ser true o false',
  ordenInvalido: 'Orden no válido',
  conversacionNoEncontrada: 'Conversación no encontrada',
  sinApertura:
    'Para leer esta conversación, abre una supervisión con su motivo y su razón. Cada apertura dura 30 minutos y se avisa al psicólogo o psicóloga.',
  aperturaVencida:
    'La supervisión de esta conversación terminó (30 minutos). Para seguir leyendo, ábrela de nuevo con su motivo y su razón.',
  abierta: 'Supervisión abierta por 30 minutos',
  alertaNoEncontrada: 'Alerta no encontrada',
  alertaYaReconocida: 'Otra persona de la administración ya atendió esta alerta',
  alertaReconocida: 'Alerta atendida',
} as const;

const cuerpo = <T extends v.ObjectEntries>(entries: T) => v.object(entries, MSG_GENERICO.cuerpoInvalido);

/** A free text of `min`–`max` characters (code points), invisible characters removed, trimmed. */
function textoLibre(o: { min: number; max: number; obligatorio: string; corto: string; largo: string }) {
  return v.pipe(
    v.string(o.obligatorio),
    v.transform(quitarInvisibles),
    v.trim(),
    v.check(caracteresValidos, MSG_SUPERVISION.textoInvalido),
    v.check((s) => s.length > 0, o.obligatorio),
    v.check((s) => longitudTexto(s) >= o.min, o.corto),
    v.check((s) => longitudTexto(s) <= o.max, o.largo),
  );
}

// ---- Requests ----

/** GET /api/admin/supervision: filters and order of the list (all optional). */
export const SupervisionQuerySchema = v.object({
  /** Only conversations whose patient waits an answer longer than this many hours. */
  espera_horas: v.optional(
    v.pipe(
      v.string(MSG_SUPERVISION.esperaInvalida),
      v.regex(/^\d{1,4}$/, MSG_SUPERVISION.esperaInvalida),
      v.transform(Number),
      v.maxValue(ESPERA_HORAS_MAX, MSG_SUPERVISION.esperaInvalida),
    ),
  ),
  /** `true`: only conversations with a crisis mark (an open alert or an unopened crisis message). */
  crisis: v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], MSG_SUPERVISION.crisisInvalido),
      v.transform((s) => s === 'true' || s === '1'),
    ),
  ),
  id_psicologo: v.optional(
    v.pipe(
      v.string(MSG_SUPERVISION.idInvalido),
      v.regex(/^\d{1,9}$/, MSG_SUPERVISION.idInvalido),
      v.transform(Number),
      v.minValue(1, MSG_SUPERVISION.idInvalido),
    ),
  ),
  /** `espera` (default): longest wait first, crisis marks before all; `actividad`: latest activity
   * first; `volumen`: most messages in the last 7 days first; `psicologo`: by psychologist's name. */
  orden: v.optional(v.picklist(['espera', 'actividad', 'volumen', 'psicologo'], MSG_SUPERVISION.ordenInvalido)),
});
export type SupervisionQuery = v.InferOutput<typeof SupervisionQuerySchema>;

export const IdChatParamsSchema = v.object({
  id: v.pipe(idEnRuta(MSG_SUPERVISION.idInvalido), v.minValue(1, MSG_SUPERVISION.idInvalido)),
});

/** POST /api/admin/supervision/chats/:id/aperturas */
// A missing field reads as '' so it gets its own message, not the generic one.
export const AbrirSupervisionBody = cuerpo({
  motivo: v.optional(v.picklist(MOTIVOS_SUPERVISION, MSG_SUPERVISION.motivoObligatorio), () => '' as never),
  razon: v.optional(
    textoLibre({
      min: RAZON_MIN,
      max: RAZON_MAX,
      obligatorio: MSG_SUPERVISION.razonObligatoria,
      corto: MSG_SUPERVISION.razonCorta,
      largo: MSG_SUPERVISION.razonLarga,
    }),
    '',
  ),
});
export type AbrirSupervision = v.InferOutput<typeof AbrirSupervisionBody>;

/** POST /api/admin/alertas-crisis/:id/reconocer */
export const ReconocerAlertaBody = cuerpo({
  accion: v.optional(
    textoLibre({
      min: ACCION_MIN,
      max: ACCION_MAX,
      obligatorio: MSG_SUPERVISION.accionObligatoria,
      corto: MSG_SUPERVISION.accionCorta,
      largo: MSG_SUPERVISION.accionLarga,
    }),
    '',
  ),
});

// ---- Answers ----

const Persona = v.object({ nombre: v.string(), apellido_paterno: v.string(), apellido_materno: v.nullable(v.string()) });
export type PersonaSupervision = v.InferOutput<typeof Persona>;

/** One psychologist–patient conversation in the administrator's list: metadata, never text. */
export const ConversacionSupervisadaSchema = v.object({
  id_chat: v.number(),
  id_psicologo: v.number(),
  psicologo: Persona,
  id_paciente: v.number(),
  paciente: Persona,
  /** The latest message of either side (ISO), or the conversation's creation when it has none. */
  ultima_actividad: v.string(),
  /** The patient's messages after the psychologist's last one (none: 0 and null). */
  esperando: v.object({ mensajes: v.number(), desde: v.nullable(v.string()) }),
  /** Open (unacknowledged) crisis alerts, and the patient's crisis messages not yet opened. */
  crisis: v.object({ alertas_abiertas: v.number(), sin_abrir: v.number() }),
  /** Messages of both sides in the last 7 days. */
  mensajes_7_dias: v.number(),
  /** The patient waits an answer for more than 48 hours. */
  sin_respuesta_48h: v.boolean(),
  /** The asking administrator's own opening still in force, if any. */
  mi_apertura: v.nullable(v.object({ id_apertura: v.number(), vence_en: v.string() })),
});
export type ConversacionSupervisada = v.InferOutput<typeof ConversacionSupervisadaSchema>;
export const SupervisionRespuesta = v.array(ConversacionSupervisadaSchema);

/** One opening as its psychologist and the administrators see it: who, when, why. */
export const AperturaSchema = v.object({
  id_apertura: v.number(),
  id_chat: v.number(),
  id_psicologo: v.number(),
  id_paciente: v.number(),
  paciente: Persona,
  id_admin: v.number(),
  admin: Persona,
  motivo: v.picklist(MOTIVOS_SUPERVISION),
  razon: v.string(),
  abierta_en: v.string(),
  vence_en: v.string(),
});
export type Apertura = v.InferOutput<typeof AperturaSchema>;
/** GET /api/psicologo/supervisiones: newest first. */
export const SupervisionesPsicologoRespuesta = v.array(AperturaSchema);

/** GET /api/admin/supervision/chats/:id/mensajes (query as the chat's: despues_de, antes_de,
 * limite): read-only, while the asking administrator's opening is in force. `id_psicologo` lets the
 * screen open the administrator's own chat with her (POST /api/admin/chats). */
export const MensajesSupervisionRespuesta = v.object({
  id_chat: v.number(),
  id_psicologo: v.number(),
  id_paciente: v.number(),
  vence_en: v.string(),
  ultimo_seq: v.number(),
  mensajes: v.array(MensajeSchema),
});
export type MensajesSupervision = v.InferOutput<typeof MensajesSupervisionRespuesta>;

/** A crisis alert: which conversation, since when; never the message's text. */
export const AlertaCrisisSchema = v.object({
  id_alerta: v.number(),
  id_chat: v.number(),
  id_mensaje: v.number(),
  id_psicologo: v.number(),
  psicologo: Persona,
  id_paciente: v.number(),
  paciente: Persona,
  /** When the patient sent the message. */
  enviado_en: v.string(),
  creada_en: v.string(),
  reconocida_en: v.nullable(v.string()),
  id_admin_reconoce: v.nullable(v.number()),
  accion: v.nullable(v.string()),
});
export type AlertaCrisis = v.InferOutput<typeof AlertaCrisisSchema>;
/** GET /api/admin/alertas-crisis: the open ones, oldest first. */
export const AlertasCrisisRespuesta = v.array(AlertaCrisisSchema);
