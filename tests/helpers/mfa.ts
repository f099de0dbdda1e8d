// Two-step verification in tests: enrol an account through its routes, and compute the code its
// authenticator app would show (the server's own otplib wrapper, as the app computes it).
import { codigoEn } from '@miduelo/server/modules/mfa/totp';
import { expect } from 'vitest';
import { type AppDePrueba, inyectarCon } from './app';
import { CONTRASENA } from './fabricas';

export { codigoEn };

/** Enrols the account of `token`: answers its secret and its ten recovery codes. */
export async function inscribir(t: AppDePrueba, token: string): Promise<{ secreto: string; codigos: string[] }> {
  const i = await inyectarCon(t.app, token, { method: 'POST', url: '/api/mfa/totp/iniciar', payload: { contrasena: CONTRASENA } });
  expect(i.statusCode, i.body).toBe(200);
  const { secreto } = i.json() as { secreto: string };
  const c = await inyectarCon(t.app, token, {
    method: 'POST',
    url: '/api/mfa/totp/confirmar',
    payload: { codigo: await codigoEn(secreto, t.reloj.ahora()) },
  });
  expect(c.statusCode, c.body).toBe(200);
  // The enrolment's code is spent: the next login waits for the next step, as a person would.
  t.reloj.avanzar(30_000);
  return { secreto, codigos: (c.json() as { codigos: string[] }).codigos };
}

export const loginPsicologo = (t: AppDePrueba, correo: string, contrasena = CONTRASENA) =>
  t.app.inject({ method: 'POST', url: '/api/psicologo/iniciar-sesion', payload: { correo, contrasena } });

export const loginPaciente = (t: AppDePrueba, email: string, contrasena = CONTRASENA) =>
  t.app.inject({ method: 'POST', url: '/api/paciente/iniciar-sesion', payload: { email, contrasena } });

export const segundoPaso = (
  t: AppDePrueba,
  cuenta: 'psicologo' | 'paciente',
  payload: { token_mfa: string; codigo: string; tipo?: 'totp' | 'recuperacion' },
  o: { ip?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${cuenta}/iniciar-sesion/segundo-paso`,
    payload,
    ...(o.ip ? { remoteAddress: o.ip } : {}),
  });
