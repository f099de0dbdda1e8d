// Forum events (issue 16, docs/decisions/161). Posts go to the topic's room, new topics and topic
// activity to the forum's room: both joined only after the same read check as HTTP. Counts of a
// public forum go to every signed-in socket; of a private one, to its participants' personal rooms.
// Invitations, reports and crisis alerts go to personal rooms.
import * as v from 'valibot';
import { type MensajeForo, MensajeForoSchema, type Tema, TemaSchema } from './foros';
import type { Ack } from './realtime-ack';

export interface ActividadTema {
  id_foro: number;
  id_tema: number;
  ultimo_seq: number;
  total_mensajes: number;
  fecha_actividad: string;
  /** Who wrote the post that moved the topic (a reader does not count their own as unread). */
  autor: { id: number; tipo: 'psicologo' | 'paciente' };
}

export interface ConteoTema {
  id_foro: number;
  id_tema: number;
  total_mensajes: number;
}

export interface ConteosForo {
  id_foro: number;
  total_participantes: number;
  total_temas: number;
}

export interface ForosServidorACliente {
  'foro:mensaje': (p: { mensaje: MensajeForo }) => void;
  /** A post hidden or shown again (decision 164). Shown, it carries the post itself: a reader who
   * loaded it while hidden holds no text (decision 257). */
  'foro:mensaje-oculto': (p: { id_tema: number; id_mensaje: number; seq: number; oculto: boolean; mensaje?: MensajeForo }) => void;
  'foro:tema': (p: { tema: Tema }) => void;
  'foro:tema-actividad': (p: ActividadTema) => void;
  /** A topic's count of visible posts after one was hidden or shown (decision 257). */
  'foro:tema-conteo': (p: ConteoTema) => void;
  'foro:conteos': (p: ConteosForo) => void;
  /** The forum changed (title, visibility) or was deleted; readers reload or leave. */
  'foro:cambio': (p: { id_foro: number; eliminado: boolean }) => void;
  /** The account no longer takes part in the forum (removed by a moderator). */
  'foro:removido': (p: { id_foro: number }) => void;
  'foro:invitacion': (p: { id_invitacion: number; titulo_foro: string; pendientes: number }) => void;
  /** The account's invitations changed (answered in another tab, or gone with a deleted forum). */
  'foro:invitaciones': (p: { pendientes: number }) => void;
  'foro:reporte': (p: { id_foro: number; titulo_foro: string; id_tema: number; id_mensaje: number; id_reporte: number }) => void;
  'foro:alerta-crisis': (p: { id_foro: number; titulo_foro: string; id_tema: number; id_mensaje: number | null }) => void;
}

/** What a socket gets when it opens a topic: every post after `despues_de`, in order. */
export interface SincronizacionTema {
  mensajes: MensajeForo[];
  ultimo_seq: number;
  hay_mas: boolean;
}

export interface ForosClienteAServidor {
  /** Opens a forum on this socket (new topics, topic activity) after the read check. */
  'foro:unirse': (p: { id_foro: number }, ack: Ack<{ id_foro: number }>) => void;
  'foro:salir': (p: { id_foro: number }) => void;
  /** Opens a topic (its posts live) and returns what was missed after `despues_de`. */
  'foro:tema:unirse': (p: { id_tema: number; despues_de?: number }, ack: Ack<SincronizacionTema>) => void;
  'foro:tema:salir': (p: { id_tema: number }) => void;
}

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));
const seq = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647)), 0);

export const UnirseForoSchema = v.object({ id_foro: id });
export const UnirseTemaSchema = v.object({ id_tema: id, despues_de: seq });
export const SalirTemaSchema = v.object({ id_tema: id });

// ---- Payload schemas of the server→client events (the client validates what it receives) ----

const tipo = v.picklist(['psicologo', 'paciente']);
export const EventoMensajeForoSchema = v.object({ mensaje: MensajeForoSchema });
export const EventoOcultoSchema = v.object({
  id_tema: v.number(),
  id_mensaje: v.number(),
  seq: v.number(),
  oculto: v.boolean(),
  mensaje: v.optional(MensajeForoSchema),
});
export const EventoTemaSchema = v.object({ tema: TemaSchema });
export const EventoActividadSchema = v.object({
  id_foro: v.number(),
  id_tema: v.number(),
  ultimo_seq: v.number(),
  total_mensajes: v.number(),
  fecha_actividad: v.string(),
  autor: v.object({ id: v.number(), tipo }),
});
export const EventoConteoTemaSchema = v.object({ id_foro: v.number(), id_tema: v.number(), total_mensajes: v.number() });
export const EventoConteosSchema = v.object({ id_foro: v.number(), total_participantes: v.number(), total_temas: v.number() });
export const EventoCambioForoSchema = v.object({ id_foro: v.number(), eliminado: v.boolean() });
export const EventoRemovidoSchema = v.object({ id_foro: v.number() });
export {
  EventoAlertaCrisisSchema,
  EventoInvitacionesSchema,
  EventoInvitacionSchema,
  EventoReporteSchema,
} from './foros-avisos';
