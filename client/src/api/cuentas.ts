import type { LoginBody, LoginRespuesta, RegistroPsicologoBody } from '@miduelo/shared/cuentas';
import type { PendienteMfa } from '@miduelo/shared/mfa';
import type {
  MsgRespuesta,
  RecuperarRespuestaSchema,
  RegistroRespuestaSchema,
  VerificarTokenRespuestaSchema,
} from '@miduelo/shared/cuentas-respuestas';
import type * as v from 'valibot';
import { http } from '@/nucleo/http';

// Account calls of spec 1 §7. They answer 401/403 as part of their own flow (wrong password,
// expired link), so the session-expired handling is switched off for them.
const base = '/api/psicologo';
const publico = { sesion: 'ignorar' } as const;
const segmento = (token: string) => encodeURIComponent(token);

type Msg = v.InferOutput<typeof MsgRespuesta>;

/** The session, or (202) the second step pending when the account has one (decision 371). */
export const iniciarSesionApi = (body: LoginBody) => http.post<LoginRespuesta | PendienteMfa>(`${base}/iniciar-sesion`, body, publico);

export const registrarPsicologo = (body: RegistroPsicologoBody) =>
  http.post<v.InferOutput<typeof RegistroRespuestaSchema>>(`${base}/registro`, body, publico);

export const reenviarActivacion = (correo: string) => http.post<Msg>(`${base}/reenviar-activacion`, { correo }, publico);

export const recuperarContrasena = (correoOTelefono: string) =>
  http.post<v.InferOutput<typeof RecuperarRespuestaSchema>>(`${base}/recuperar-contrasena`, { correoOTelefono }, publico);

const activaciones = new Map<string, Promise<Msg>>();

/** Activation links are single-use: one request per token even if the screen mounts twice. */
export function activarCuenta(token: string): Promise<Msg> {
  let pendiente = activaciones.get(token);
  if (!pendiente) {
    pendiente = http.get<Msg>(`${base}/activar/${segmento(token)}`, publico);
    activaciones.set(token, pendiente);
  }
  return pendiente;
}

/** Whose link it is: a psychologist's (web) or a patient's (the app's recovery mails `?cuenta=paciente`). */
export type CuentaRestablecer = 'psicologo' | 'paciente';
const baseDe = (cuenta: CuentaRestablecer) => (cuenta === 'paciente' ? '/api/paciente' : base);

export const verificarTokenRestablecer = (token: string, signal?: AbortSignal, cuenta: CuentaRestablecer = 'psicologo') =>
  http.get<v.InferOutput<typeof VerificarTokenRespuestaSchema>>(`${baseDe(cuenta)}/verificar-token/${segmento(token)}`, {
    ...publico,
    signal,
  });

export const restablecerContrasena = (token: string, nuevaContrasena: string, cuenta: CuentaRestablecer = 'psicologo') =>
  http.post<Msg>(`${baseDe(cuenta)}/restablecer-contrasena/${segmento(token)}`, { nuevaContrasena }, publico);

/** Spec 2 §8: the admin bar checks the administrator with the server. */
export const verificarAdmin = (signal?: AbortSignal) =>
  http.get<{ admin: { nombre: string; apellido: string } }>('/api/admin/verificar', { signal });
