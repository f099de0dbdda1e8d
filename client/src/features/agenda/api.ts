import type {
  Agenda,
  Cita,
  CrearCitaEntrada,
  Disponibilidad,
  Excepcion,
  EstadoCita,
} from '@miduelo/shared/citas';
import type { Paciente } from '@miduelo/shared/pacientes';
import { ApiError, http } from '../../lib/http';

// Agenda calls of spec 1 §7 (base /api/psicologo).
const base = '/api/psicologo';

export const obtenerAgenda = (idPsicologo: number, semanaInicio: string, signal?: AbortSignal) =>
  http.get<{ agenda: Agenda }>(`${base}/agenda/${idPsicologo}`, { query: { semana_inicio: semanaInicio }, signal });

export const crearAgenda = (idPsicologo: number, semanaInicio: string, semanaFin: string) =>
  http.post<{ agenda: Agenda }>(`${base}/agenda`, { id_psicologo: idPsicologo, semana_inicio: semanaInicio, semana_fin: semanaFin });

/** The week's agenda; when the lookup fails because there is none, it is created (spec 1 §7). */
export async function agendaDeSemana(idPsicologo: number, lunes: string, domingo: string, signal?: AbortSignal): Promise<Agenda> {
  try {
    return (await obtenerAgenda(idPsicologo, lunes, signal)).agenda;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  return (await crearAgenda(idPsicologo, lunes, domingo)).agenda;
}

export const citasDeAgenda = (idAgenda: number, signal?: AbortSignal) => http.get<Cita[]>(`${base}/citas/${idAgenda}`, { signal });

export const crearCita = (body: CrearCitaEntrada & { id_agenda: number }) => http.post<Cita>(`${base}/citas`, body);

export const cambiarEstadoCita = (idCita: number, estado: EstadoCita) => http.put<Cita>(`${base}/citas/${idCita}`, { estado });

export const reagendarCita = (idCita: number, fecha: string, horaInicio: string) =>
  http.put<Cita>(`${base}/citas/${idCita}`, { fecha, hora_inicio: horaInicio });

export const eliminarCita = (idCita: number) => http.delete<{ msg: string }>(`${base}/citas/${idCita}`);

export const eliminarDuplicadas = (idCita: number) =>
  http.delete<{ msg: string; eliminadas: number[] }>(`${base}/citas/${idCita}/duplicadas`);

export const obtenerDisponibilidad = (idPsicologo: number, signal?: AbortSignal) =>
  http.get<Disponibilidad[]>(`${base}/disponibilidad/${idPsicologo}`, { signal });

export const agregarDisponibilidad = (idPsicologo: number, d: { dia_semana: string; hora_inicio: string; hora_fin: string }) =>
  http.post<Disponibilidad>(`${base}/disponibilidad`, { id_psicologo: idPsicologo, ...d });

export const eliminarDisponibilidad = (idPsicologo: number, diaSemana: string, horaInicio: string) =>
  http.delete<{ msg: string }>(`${base}/disponibilidad/${idPsicologo}/${encodeURIComponent(diaSemana)}/${horaInicio}`);

export const obtenerExcepciones = (idPsicologo: number, signal?: AbortSignal) =>
  http.get<Excepcion[]>(`${base}/excepcion/${idPsicologo}`, { signal });

export const crearExcepcion = (e: { fecha: string; hora_inicio: string | null; hora_fin: string | null; motivo: string | null }) =>
  http.post<Excepcion>(`${base}/excepcion`, e);

export const eliminarExcepcion = (idExcepcion: number) => http.delete<{ msg: string }>(`${base}/excepcion/${idExcepcion}`);

/** The patient select of Crear Cita. */
export const listarPacientes = (signal?: AbortSignal) => http.get<Paciente[]>(`${base}/lista-pacientes`, { signal });
