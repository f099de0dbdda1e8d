// Passkeys (issue 56, decisions 374–375): the account's own, and the logins with one. The WebAuthn
// ceremony itself (@simplewebauthn/browser) lives in lib/llave-acceso.ts, loaded on demand.
import type { LoginRespuesta } from '@miduelo/shared/cuentas';
import type { LlaveAgregada, Llave } from '@miduelo/shared/passkeys';
import { http } from '@/nucleo/http';

type Opciones = { opciones: Record<string, unknown> & { challenge: string } };
const publica = { sesion: 'ignorar', token: null } as const;

export const listarLlaves = (signal?: AbortSignal) => http.get<{ llaves: Llave[] }>('/api/mfa/llaves', { signal });
export const opcionesRegistroLlave = (contrasena: string) => http.post<Opciones>('/api/mfa/llaves/opciones', { contrasena });
export const registrarLlave = (nombre: string, respuesta: unknown) => http.post<LlaveAgregada>('/api/mfa/llaves', { nombre, respuesta });
export const renombrarLlave = (id: number, nombre: string) => http.patch<{ msg: string }>(`/api/mfa/llaves/${id}`, { nombre });
export const eliminarLlave = (id: number, contrasena: string) =>
  http.post<{ msg: string }>(`/api/mfa/llaves/${id}/eliminar`, { contrasena });

export const opcionesEntrarLlave = () => http.post<Opciones>('/api/psicologo/llave-acceso/opciones', {}, publica);
export const entrarLlave = (respuesta: unknown) => http.post<LoginRespuesta>('/api/psicologo/llave-acceso/entrar', { respuesta }, publica);
export const opcionesSegundoPasoLlave = (token_mfa: string) =>
  http.post<Opciones>('/api/psicologo/iniciar-sesion/segundo-paso/llave-opciones', { token_mfa }, publica);
export const segundoPasoLlave = (token_mfa: string, respuesta: unknown) =>
  http.post<LoginRespuesta>('/api/psicologo/iniciar-sesion/segundo-paso/llave', { token_mfa, respuesta }, publica);
