// The HTTP calls of an online session (issue 54, decision 358), shared by the web and the patient's
// app: entering a room (by appointment, by id, or from the chat), the grace, the psychologist's
// live rooms, the patient's open rooms and the patient file's records.
import type { AvisoEnSala, EntradaSesion, RegistroSesion, SesionEnLinea } from '@miduelo/shared/sesiones-en-linea';
import { GRACIA_PASO_MIN } from '@miduelo/shared/sesiones-en-linea';
import { http } from '@/nucleo/http';

export type LadoSala = 'psicologo' | 'paciente';

/** Enters (creating it on first entry) the room of an "En línea" appointment. */
export const entrarPorCita = (lado: LadoSala, idCita: number) => http.post<EntradaSesion>(`/api/${lado}/citas/${idCita}/sesion`);

/** Enters a room by its id: a reload, or the patient joining a session opened from the chat. */
export const entrarSesion = (lado: LadoSala, idSesion: number) => http.post<EntradaSesion>(`/api/${lado}/sesiones/${idSesion}/entrar`);

/** Opens (or returns the open) unscheduled room with one of the psychologist's patients. */
export const abrirConPaciente = (idPaciente: number) => http.post<EntradaSesion>(`/api/psicologo/pacientes/${idPaciente}/sesion`);

/** Adds one extension of the grace (10 minutes). */
export const extenderSesion = (idSesion: number) =>
  http.put<SesionEnLinea>(`/api/psicologo/sesiones/${idSesion}/gracia`, { minutos: GRACIA_PASO_MIN });

/** The psychologist's rooms with a patient waiting or a session in course. */
export const sesionesActivas = () => http.get<AvisoEnSala[]>('/api/psicologo/sesiones/activas');

/** The patient's open rooms (the app's home shows "Entrar a la sesión"). */
export const sesionesAbiertas = () => http.get<SesionEnLinea[]>('/api/paciente/sesiones/abiertas');

/** The record of a patient's online sessions (the patient file). */
export const registrosDePaciente = (idPaciente: number) => http.get<RegistroSesion[]>(`/api/psicologo/pacientes/${idPaciente}/sesiones`);
