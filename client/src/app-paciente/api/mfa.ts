import type { LoginPacienteRespuestaSchema } from '@miduelo/shared/cuentas-respuestas';
import type { CodigosRecuperacion, EstadoMfa, InscripcionTotp, SegundoPasoEntrada } from '@miduelo/shared/mfa';
import type * as v from 'valibot';
import { api } from '../lib/api';

// Two-step verification in the app (issue 56, decisions 370–371): the login's second step (public,
// like the login) and the patient's own factor under /api/mfa.

export const segundoPaso = (body: SegundoPasoEntrada) =>
  api<v.InferOutput<typeof LoginPacienteRespuestaSchema>>('/iniciar-sesion/segundo-paso', { metodo: 'POST', cuerpo: body, publica: true });

const mfa = { raiz: '/api/mfa' } as const;
export const estadoMfa = () => api<EstadoMfa>('/estado', mfa);
export const iniciarTotp = (contrasena: string) =>
  api<InscripcionTotp>('/totp/iniciar', { ...mfa, metodo: 'POST', cuerpo: { contrasena } });
export const confirmarTotp = (codigo: string) =>
  api<CodigosRecuperacion>('/totp/confirmar', { ...mfa, metodo: 'POST', cuerpo: { codigo } });
export const eliminarTotp = (contrasena: string) =>
  api<{ msg: string }>('/totp/eliminar', { ...mfa, metodo: 'POST', cuerpo: { contrasena } });
export const regenerarCodigos = (contrasena: string) =>
  api<CodigosRecuperacion>('/codigos/regenerar', { ...mfa, metodo: 'POST', cuerpo: { contrasena } });
