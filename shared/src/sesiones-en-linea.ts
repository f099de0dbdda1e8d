// Online sessions (issue 54, decisions 358–362): a private one-to-one video room for an "En línea"
// appointment, or one the psychologist opens from the chat with her own patient. Media goes from
// browser to browser (WebRTC, DTLS-SRTP); the server only authorizes, relays the signalling over
// the authenticated socket and records when the session started and ended and who was present.
import * as v from 'valibot';

/** The room opens this long before the appointment's start. */
export const SALA_ABRE_ANTES_MIN = 10;
/** A session opened from the chat lasts this long (plus the grace), like a standard appointment. */
export const SESION_SIN_CITA_MIN = 60;
/** The grace the psychologist may add after the end, per extension, and its ceiling in total. */
export const GRACIA_PASO_MIN = 10;
export const GRACIA_MAX_MIN = 60;
/** The other side gone longer than this: the one waiting is told (issue 54). */
export const AUSENCIA_AVISO_MS = 60_000;

export const MSG_SESION = {
  noEncontrada: 'No encontramos esa sesión en línea.',
  noEsEnLinea: 'Esta cita es presencial: no tiene sala en línea.',
  cancelada: 'Esta cita fue cancelada: su sala no se abre.',
  aunNoAbre: (hora: string) => `La sala abre 10 minutos antes de la cita, a las ${hora}.`,
  yaCerro: 'El horario de esta sesión ya terminó.',
  terminada: 'La psicóloga terminó esta sesión.',
  soloPsicologo: 'Solo la psicóloga o el psicólogo de la sesión puede hacer esto.',
  sinEntrar: 'Primero entra a la sala.',
  pacienteNoVinculado: 'Solo puedes abrir una sesión con tus propios pacientes.',
  graciaInvalida: 'Puedes extender la sesión de 10 en 10 minutos, hasta 60 en total.',
  idInvalido: 'El identificador de la sesión no es válido.',
  senalInvalida: 'La señal de la sesión no es válida.',
} as const;

export const ESTADOS_SESION = ['programada', 'en_curso', 'terminada'] as const;
export type EstadoSesion = (typeof ESTADOS_SESION)[number];

/** An ICE server as RTCPeerConnection takes it (TURN with short-lived credentials, decision 360). */
export const IceServerSchema = v.object({
  urls: v.array(v.string()),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
});
export type IceServer = v.InferOutput<typeof IceServerSchema>;

/** A session as either party sees it. Times are ISO instants. */
export const SesionEnLineaSchema = v.object({
  id_sesion: v.number(),
  /** Null for a session opened from the chat. */
  id_cita: v.nullable(v.number()),
  id_psicologo: v.number(),
  id_paciente: v.number(),
  /** Display names of both parties (each side shows the other's). */
  psicologo: v.string(),
  paciente: v.string(),
  estado: v.picklist(ESTADOS_SESION),
  abre_en: v.string(),
  /** The end of the window: the appointment's end (or start + 60 min) plus the grace. */
  cierra_en: v.string(),
  gracia_min: v.number(),
  iniciada_en: v.nullable(v.string()),
  terminada_en: v.nullable(v.string()),
  /** Who ended it: the psychologist, or its window passing with nobody ending it. */
  terminada_por: v.nullable(v.picklist(['psicologo', 'ventana'])),
  /** Who entered the room at least once (the record of presence; no content is ever kept). */
  entro_psicologo_en: v.nullable(v.string()),
  entro_paciente_en: v.nullable(v.string()),
});
export type SesionEnLinea = v.InferOutput<typeof SesionEnLineaSchema>;

/** POST /api/{psicologo|paciente}/citas/:id/sesion and POST /api/psicologo/pacientes/:id/sesion:
 * the room (created on first entry) and the ICE servers minted for this caller. */
export const EntradaSesionSchema = v.object({
  sesion: SesionEnLineaSchema,
  ice_servers: v.array(IceServerSchema),
});
export type EntradaSesion = v.InferOutput<typeof EntradaSesionSchema>;

/** PUT /api/psicologo/sesiones/:id/gracia — adds GRACIA_PASO_MIN minutes (one extension). */
export const GraciaSchema = v.object(
  {
    minutos: v.pipe(
      v.number(MSG_SESION.graciaInvalida),
      v.integer(MSG_SESION.graciaInvalida),
      v.multipleOf(GRACIA_PASO_MIN, MSG_SESION.graciaInvalida),
      v.minValue(GRACIA_PASO_MIN, MSG_SESION.graciaInvalida),
      v.maxValue(GRACIA_MAX_MIN, MSG_SESION.graciaInvalida),
    ),
  },
  MSG_SESION.graciaInvalida,
);

export const IdSesionSchema = v.object({ id_sesion: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)) });

/** The live state of a room, sent on join and on every change (`sesion:estado`). */
export interface EstadoSala {
  id_sesion: number;
  estado: EstadoSesion;
  psicologo_presente: boolean;
  paciente_presente: boolean;
  /** The patient was admitted (she then signals with the psychologist). */
  paciente_admitido: boolean;
  cierra_en: string;
}

/** `sesion:en-sala`, to the psychologist's personal room: drives "la paciente espera" anywhere in
 * the product and the agenda's "en sala" mark. */
export interface AvisoEnSala {
  id_sesion: number;
  id_cita: number | null;
  id_paciente: number;
  paciente: string;
  /** The patient is in the waiting room, not admitted yet. */
  esperando: boolean;
  /** Both sides have been in the session (admitted) and it has not ended. */
  en_curso: boolean;
  /** The room ended (the mark goes away). */
  terminada: boolean;
}

const SDP_MAX = 20_000;
const CANDIDATO_MAX = 2_000;

/** One signalling message, relayed as is to the other party (never stored). */
export const SenalSchema = v.variant('tipo', [
  v.object({ tipo: v.literal('oferta'), sdp: v.pipe(v.string(), v.maxLength(SDP_MAX)) }),
  v.object({ tipo: v.literal('respuesta'), sdp: v.pipe(v.string(), v.maxLength(SDP_MAX)) }),
  v.object({
    tipo: v.literal('ice'),
    candidato: v.nullable(
      v.object({
        candidate: v.pipe(v.string(), v.maxLength(CANDIDATO_MAX)),
        sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
        sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(64)))),
      }),
    ),
  }),
  /** Asks the other side for a new offer (the patient after her network changed, decision 361). */
  v.object({ tipo: v.literal('reiniciar') }),
]);
export type Senal = v.InferOutput<typeof SenalSchema>;

export const EnviarSenalSchema = v.object({ ...IdSesionSchema.entries, senal: SenalSchema });

/** A patient-file row: the record of an online session (no content). */
export type RegistroSesion = SesionEnLinea;
export const RegistrosSesionSchema = v.array(SesionEnLineaSchema);

/** Texts both clients show (Spanish, neutral gender where the other party's is unknown). */
export const TEXTOS_SALA = {
  entrar: 'Entrar a la sesión',
  enSala: 'En sala',
  pacienteEspera: (nombre: string) => `${nombre} te espera en la sala`,
  admitir: 'Admitir',
  esperaPaciente: 'Tu psicóloga te recibirá en un momento',
  esperaPacienteDetalle: 'Puedes revisar tu cámara y tu micrófono mientras esperas. Nadie graba esta sesión.',
  reconectando: 'Reconectando…',
  otroSeFue: (nombre: string) => `${nombre} perdió la conexión hace más de un minuto. Puedes seguir esperando aquí.`,
  salir: 'Salir de la sala',
  terminar: 'Terminar la sesión',
  terminada: 'La sesión terminó',
  camaraOn: 'Apagar cámara',
  camaraOff: 'Encender cámara',
  microOn: 'Silenciar micrófono',
  microOff: 'Activar micrófono',
  dispositivos: 'Cámara y micrófono',
  chat: 'Abrir el chat',
  extender: 'Extender 10 minutos',
  calidad: { buena: 'Conexión buena', regular: 'Conexión regular', mala: 'Conexión débil' },
  iniciarDesdeChat: 'Iniciar sesión en línea',
  sinCamara: 'No pudimos usar tu cámara o tu micrófono. Revisa los permisos del navegador.',
} as const;
