import type { Paciente, PerfilBasico, ProximaCita } from '@miduelo/shared/pacientes';
import { http } from '@/nucleo/http';

// Patient calls of spec 1 §7 (base /api/psicologo): the list (also the agenda's patient select),
// the file, the next appointment and the linking code.
const base = '/api/psicologo';

export const listarPacientes = (signal?: AbortSignal) => http.get<Paciente[]>(`${base}/lista-pacientes`, { signal });

export const obtenerPaciente = (id: number, signal?: AbortSignal) => http.get<Paciente>(`${base}/paciente/${id}`, { signal });

export const obtenerProximaCita = (id: number, signal?: AbortSignal) =>
  http.get<ProximaCita>(`${base}/paciente/${id}/proxima-cita`, { signal });

export const obtenerPerfilBasico = (signal?: AbortSignal) => http.get<PerfilBasico>(`${base}/perfil-basico`, { signal });

/** PUT /paciente/{id}/perdida (decision 128): sets or clears the date of the loss and who was lost. */
export const guardarPerdida = (id: number, cuerpo: { fecha_perdida: string | null; persona_perdida: string | null }) =>
  http.put<Paciente>(`${base}/paciente/${id}/perdida`, cuerpo);
