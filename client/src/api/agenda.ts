import type {
  AgendaRespuestaSchema,
  Cita,
  CrearCitaEntrada,
  Disponibilidad,
  DuplicadasRespuestaSchema,
  EstadoCita,
  Excepcion,
  MsgIdRespuesta,
} from '@miduelo/shared/agenda';
import type * as v from 'valibot';
import { http } from '@/nucleo/http';

// Agenda calls of spec 1 §7 (base /api/psicologo): the week, appointments, availability, exceptions.
const base = '/api/psicologo';

type AgendaRespuesta = v.InferOutput<typeof AgendaRespuestaSchema>;
type Msg = v.InferOutput<typeof MsgIdRespuesta>;

/**
 * The week's agenda, found or created in one call: POST /agenda is idempotent on the server
 * (200 with the existing week, 201 with a new one), so the client never looks up then creates.
 */
export const agendaDeSemana = (idPsicologo: number, lunes: string, domingo: string, signal?: AbortSignal) =>
  http.post<AgendaRespuesta>(`${base}/agenda`, { id_psicologo: idPsicologo, semana_inicio: lunes, semana_fin: domingo }, { signal });

export const citasDeAgenda = (idAgenda: number, signal?: AbortSignal) => http.get<Cita[]>(`${base}/citas/${idAgenda}`, { signal });

/** Without `id_agenda` the server files the appointment in its week's agenda, created on demand. */
export const crearCita = (body: CrearCitaEntrada) => http.post<Cita>(`${base}/citas`, body);

export const cambiarEstadoCita = (idCita: number, estado: EstadoCita) => http.put<Cita>(`${base}/citas/${idCita}`, { estado });

export const reagendarCita = (idCita: number, fecha: string, horaInicio: string) =>
  http.put<Cita>(`${base}/citas/${idCita}`, { fecha, hora_inicio: horaInicio });

export const eliminarCita = (idCita: number) => http.delete<Msg>(`${base}/citas/${idCita}`);

export const eliminarDuplicadas = (idCita: number) =>
  http.delete<v.InferOutput<typeof DuplicadasRespuestaSchema>>(`${base}/citas/${idCita}/duplicadas`);

export const obtenerDisponibilidad = (idPsicologo: number, signal?: AbortSignal) =>
  http.get<Disponibilidad[]>(`${base}/disponibilidad/${idPsicologo}`, { signal });

export const agregarDisponibilidad = (idPsicologo: number, d: { dia_semana: string; hora_inicio: string; hora_fin: string }) =>
  http.post<Disponibilidad>(`${base}/disponibilidad`, { id_psicologo: idPsicologo, ...d });

export const eliminarDisponibilidad = (idPsicologo: number, diaSemana: string, horaInicio: string) =>
  http.delete<Msg>(`${base}/disponibilidad/${idPsicologo}/${encodeURIComponent(diaSemana)}/${horaInicio}`);

export const obtenerExcepciones = (idPsicologo: number, signal?: AbortSignal) =>
  http.get<Excepcion[]>(`${base}/excepcion/${idPsicologo}`, { signal });

export const crearExcepcion = (e: { fecha: string; hora_inicio: string | null; hora_fin: string | null; motivo: string | null }) =>
  http.post<Excepcion>(`${base}/excepcion`, e);

export const eliminarExcepcion = (idExcepcion: number) => http.delete<Msg>(`${base}/excepcion/${idExcepcion}`);
