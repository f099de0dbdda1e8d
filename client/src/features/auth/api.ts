import type { LoginBody, LoginRespuesta, RegistroPsicologoBody } from '@miduelo/shared/auth';
import { http } from '../../lib/http';

// Account calls of spec 1 §7. They answer 401/403 as part of their own flow (wrong password,
// expired link), so the session-expired handling is switched off for them.
const base = '/api/psicologo';
const publico = { sesion: 'ignorar' } as const;
const segmento = (token: string) => encodeURIComponent(token);

interface ConMensaje {
  msg?: string;
}

export const iniciarSesionApi = (body: LoginBody) => http.post<LoginRespuesta>(`${base}/iniciar-sesion`, body, publico);

export const registrarPsicologo = (body: RegistroPsicologoBody) => http.post<ConMensaje>(`${base}/registro`, body, publico);

export const reenviarActivacion = (correo: string) =>
  http.post<ConMensaje>(`${base}/reenviar-activacion`, { correo }, publico);

export const recuperarContrasena = (correoOTelefono: string) =>
  http.post<{ esTelefono: boolean; msg?: string }>(`${base}/recuperar-contrasena`, { correoOTelefono }, publico);

const activaciones = new Map<string, Promise<ConMensaje>>();

/** Activation links are single-use: one request per token even if the screen mounts twice. */
export function activarCuenta(token: string): Promise<ConMensaje> {
  let pendiente = activaciones.get(token);
  if (!pendiente) {
    pendiente = http.get<ConMensaje>(`${base}/activar/${segmento(token)}`, publico);
    activaciones.set(token, pendiente);
  }
  return pendiente;
}

export const verificarTokenRestablecer = (token: string, signal?: AbortSignal) =>
  http.get<{ valido: boolean }>(`${base}/verificar-token/${segmento(token)}`, { ...publico, signal });

export const restablecerContrasena = (token: string, nuevaContrasena: string) =>
  http.post<ConMensaje>(`${base}/restablecer-contrasena/${segmento(token)}`, { nuevaContrasena }, publico);
