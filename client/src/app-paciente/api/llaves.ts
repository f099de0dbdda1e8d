// Passkeys in the app (issue 56, decisions 374–375): the patient's own (opt-in, under /api/mfa/llaves)
// and the logins with one (public, like the login). The WebAuthn ceremony is in lib/llave-acceso.ts,
// imported on demand.
import type { LoginPacienteRespuestaSchema } from '@miduelo/shared/cuentas-respuestas';
import type { Llave, LlaveAgregada } from '@miduelo/shared/passkeys';
import type * as v from 'valibot';
import { api } from '../lib/api';

type Login = v.InferOutput<typeof LoginPacienteRespuestaSchema>;
type Opciones = { opciones: Record<string, unknown> & { challenge: string } };
const llaves = { raiz: '/api/mfa/llaves' } as const;

export const listarLlaves = () => api<{ llaves: Llave[] }>('', llaves);
export const opcionesRegistroLlave = (contrasena: string) =>
  api<Opciones>('/opciones', { ...llaves, metodo: 'POST', cuerpo: { contrasena } });
export const registrarLlave = (nombre: string, respuesta: unknown) =>
  api<LlaveAgregada>('', { ...llaves, metodo: 'POST', cuerpo: { nombre, respuesta } });
export const eliminarLlave = (id: number, contrasena: string) =>
  api<{ msg: string }>(`/${id}/eliminar`, { ...llaves, metodo: 'POST', cuerpo: { contrasena } });

export const opcionesEntrarLlave = () => api<Opciones>('/llave-acceso/opciones', { metodo: 'POST', cuerpo: {}, publica: true });
export const entrarLlave = (respuesta: unknown) =>
  api<Login>('/llave-acceso/entrar', { metodo: 'POST', cuerpo: { respuesta }, publica: true });
export const opcionesSegundoPasoLlave = (token_mfa: string) =>
  api<Opciones>('/iniciar-sesion/segundo-paso/llave-opciones', { metodo: 'POST', cuerpo: { token_mfa }, publica: true });
export const segundoPasoLlave = (token_mfa: string, respuesta: unknown) =>
  api<Login>('/iniciar-sesion/segundo-paso/llave', { metodo: 'POST', cuerpo: { token_mfa, respuesta }, publica: true });
