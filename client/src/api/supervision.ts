import type { AlertaCrisis, Apertura, ConversacionSupervisada, MensajesSupervision, MotivoSupervision } from '@miduelo/shared/supervision';
import { http } from '@/nucleo/http';

// Supervision of psychologist–patient conversations (issue 55, decisions 365 and 366; base /api/admin).
const base = '/api/admin';

export type OrdenSupervision = 'espera' | 'actividad' | 'volumen' | 'psicologo';

export interface FiltroSupervision {
  espera_horas?: number;
  crisis?: boolean;
  id_psicologo?: number;
  orden?: OrdenSupervision;
}

/** Every psychologist–patient conversation, metadata only (never a message's text). */
export const listarSupervision = (f: FiltroSupervision, signal?: AbortSignal) =>
  http.get<ConversacionSupervisada[]>(`${base}/supervision`, {
    signal,
    query: { espera_horas: f.espera_horas, crisis: f.crisis ? 'true' : undefined, id_psicologo: f.id_psicologo, orden: f.orden },
  });

/** Opens one conversation's content to this administrator for 30 minutes, with a motive and a reason. */
export const abrirSupervision = (idChat: number, body: { motivo: MotivoSupervision; razon: string }) =>
  http.post<Apertura>(`${base}/supervision/chats/${idChat}/aperturas`, body);

/** The conversation's messages while the opening is in force (403 SUPERVISION_VENCIDA after). */
export const mensajesSupervision = (idChat: number, query: { despues_de?: number; antes_de?: number }, signal?: AbortSignal) =>
  http.get<MensajesSupervision>(`${base}/supervision/chats/${idChat}/mensajes`, { signal, query });

/** The open crisis alerts, oldest first. */
export const listarAlertasCrisis = (signal?: AbortSignal) => http.get<AlertaCrisis[]>(`${base}/alertas-crisis`, { signal });

/** Acknowledges an alert with what was done (409 when another administrator already did). */
export const reconocerAlertaCrisis = (idAlerta: number, accion: string) =>
  http.post<AlertaCrisis>(`${base}/alertas-crisis/${idAlerta}/reconocer`, { accion });
