import type { LoginRespuesta } from '@miduelo/shared/cuentas';
import type { CodigosRecuperacion, EstadoMfa, InscripcionTotp, SegundoPasoEntrada } from '@miduelo/shared/mfa';
import { http } from '@/nucleo/http';

// Two-step verification (issue 56, decisions 370–371): the account's own factor, and the login's
// second step (public: it answers 401 for a wrong code or a lapsed step, which ends no session).

export const estadoMfa = (signal?: AbortSignal) => http.get<EstadoMfa>('/api/mfa/estado', { signal });
export const iniciarTotp = (contrasena: string) => http.post<InscripcionTotp>('/api/mfa/totp/iniciar', { contrasena });
export const confirmarTotp = (codigo: string) => http.post<CodigosRecuperacion>('/api/mfa/totp/confirmar', { codigo });
export const eliminarTotp = (contrasena: string) => http.post<{ msg: string }>('/api/mfa/totp/eliminar', { contrasena });
export const regenerarCodigos = (contrasena: string) => http.post<CodigosRecuperacion>('/api/mfa/codigos/regenerar', { contrasena });

export const segundoPasoPsicologo = (body: SegundoPasoEntrada) =>
  http.post<LoginRespuesta>('/api/psicologo/iniciar-sesion/segundo-paso', body, { sesion: 'ignorar', token: null });
