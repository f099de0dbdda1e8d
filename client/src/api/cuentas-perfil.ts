import type { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import type { EstadoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import type { ContrasenaCambiadaRespuesta, Perfil, PerfilActualizadoRespuesta } from '@miduelo/shared/cuentas-perfil';
import type * as v from 'valibot';
import { http } from '@/nucleo/http';

// Profile calls (spec 2 §7): the psychologist's under /api/psicologo, the administrator's under /api/admin.
type Msg = v.InferOutput<typeof MsgRespuesta>;
type Actualizado = v.InferOutput<typeof PerfilActualizadoRespuesta>;
type Cambiada = v.InferOutput<typeof ContrasenaCambiadaRespuesta>;

export const obtenerPerfil = (signal?: AbortSignal) => http.get<Perfil>('/api/psicologo/perfil', { signal });
export const actualizarPerfil = (body: { telefono: string; correo: string; direccionConsultorio: string | null }) =>
  http.put<Actualizado>('/api/psicologo/actualizar-perfil', body);
export const cambiarContrasena = (contrasenaActual: string, nuevaContrasena: string) =>
  http.put<Cambiada>('/api/psicologo/cambiar-contrasena', { contrasenaActual, nuevaContrasena });

export const actualizarPerfilAdmin = (body: { telefono: string; direccionConsultorio: string | null }) =>
  http.put<Actualizado>('/api/admin/perfil', body);
export const cambiarContrasenaAdmin = (contrasena_actual: string, nueva_contrasena: string) =>
  http.put<Cambiada>('/api/admin/cambiar-contrasena', { contrasena_actual, nueva_contrasena });
export const solicitarCambioCorreo = (nuevo_correo: string) => http.post<Msg>('/api/admin/solicitar-cambio-correo', { nuevo_correo });
export const confirmarCambioCorreo = (token: string) => http.post<Msg>('/api/admin/confirmar-cambio-correo', { token });

/** The consent state shown in the patient file (decision 146). */
export const consentimientoDePaciente = (id: number, signal?: AbortSignal) =>
  http.get<EstadoConsentimiento[]>(`/api/psicologo/pacientes/${id}/consentimiento`, { signal });
