import type {
  LoginPacienteRespuestaSchema,
  MsgRespuesta,
  RecuperarRespuestaSchema,
  RegistroPacienteRespuestaSchema,
} from '@miduelo/shared/cuentas-respuestas';
import type { TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import type { PendienteMfa } from '@miduelo/shared/mfa';
import type * as v from 'valibot';
import { api } from '../lib/api';

// The patient's account calls (spec 2, /api/paciente): login, registration with her psychologist's
// code, password recovery, logout. Like the web's api/cuentas.ts, the public ones answer 401/403 as
// part of their own flow (`publica`: no token, no session ending).

export type LoginPaciente = v.InferOutput<typeof LoginPacienteRespuestaSchema>;

export interface RegistroPaciente {
  codigo_vinculacion: string;
  nombre: string;
  apellido_paterno: string;
  apellido_materno?: string;
  fecha_nacimiento: string;
  telefono: string;
  email: string;
  contrasena: string;
  /** The version of each document she read and accepted. */
  consentimientos: Partial<Record<TipoConsentimiento, number>>;
}

/** Her session, or (202) the second step pending when her account has one (decision 371). */
export const iniciarSesion = (email: string, contrasena: string) =>
  api<LoginPaciente | PendienteMfa>('/iniciar-sesion', { metodo: 'POST', cuerpo: { email, contrasena }, publica: true });

export const registrarse = (datos: RegistroPaciente) =>
  api<v.InferOutput<typeof RegistroPacienteRespuestaSchema>>('/registro', { metodo: 'POST', cuerpo: datos, publica: true });

export const recuperarContrasena = (email: string) =>
  api<v.InferOutput<typeof RecuperarRespuestaSchema>>('/recuperar-contrasena', { metodo: 'POST', cuerpo: { email }, publica: true });

/** With the token of the session being closed (it may already be forgotten on this phone). */
export const cerrarSesion = (token: string) => api<v.InferOutput<typeof MsgRespuesta>>('/cerrar-sesion', { metodo: 'POST', token });
