// The forum notices every signed-in psychologist's top bar listens to (invitations, reports, crisis
// alerts): their events and texts, apart from the forum schemas so that the bar's lazily loaded
// feeder stays small (issue 11's first-load budget). Re-exported by realtime-foros and foros.
import * as v from 'valibot';

export const EventoInvitacionSchema = v.object({ id_invitacion: v.number(), titulo_foro: v.string(), pendientes: v.number() });
export const EventoInvitacionesSchema = v.object({ pendientes: v.number() });
export const EventoReporteSchema = v.object({
  id_foro: v.number(),
  titulo_foro: v.string(),
  id_tema: v.number(),
  id_mensaje: v.number(),
  id_reporte: v.number(),
});
export const EventoAlertaCrisisSchema = v.object({
  id_foro: v.number(),
  titulo_foro: v.string(),
  id_tema: v.number(),
  id_mensaje: v.nullable(v.number()),
});

export const AVISOS_FOROS = {
  alertaCrisis: (foro: string) => `Un mensaje en "${foro}" contiene palabras de riesgo. Revísalo cuanto antes.`,
  reporteRecibido: (foro: string) => `Se reportó un mensaje en "${foro}".`,
  invitacionRecibida: (foro: string) => `Te invitaron a moderar "${foro}".`,
} as const;
