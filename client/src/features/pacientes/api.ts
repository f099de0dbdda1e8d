import type { Cita } from '@miduelo/shared/citas';
import type { Paciente, PerfilBasico } from '@miduelo/shared/pacientes';
import { http } from '../../lib/http';

// Patient calls of spec 1 §7 (base /api/psicologo).
const base = '/api/psicologo';

export const listarPacientes = (signal?: AbortSignal) => http.get<Paciente[]>(`${base}/lista-pacientes`, { signal });

export const obtenerPaciente = (id: number, signal?: AbortSignal) => http.get<Paciente>(`${base}/paciente/${id}`, { signal });

export const obtenerProximaCita = (id: number, signal?: AbortSignal) =>
  http.get<{ cita: Cita | null }>(`${base}/paciente/${id}/proxima-cita`, { signal });

export const obtenerPerfilBasico = (signal?: AbortSignal) => http.get<PerfilBasico>(`${base}/perfil-basico`, { signal });

/** Crear Chat of the patient panel (spec 1 §7 POST /chats with id_paciente; spec 1 §8 toasts). */
export const crearChat = (idPaciente: number) => http.post<{ id_chat: number }>(`${base}/chats`, { id_paciente: idPaciente });

/** Whether a chat with the patient exists (the chat module's endpoint). */
export const verificarChat = (idPaciente: number, signal?: AbortSignal) =>
  http.get<{ existe: boolean }>(`${base}/chat/verificar/${idPaciente}`, { signal });
