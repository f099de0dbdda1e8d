// The patient's session in the app: the bearer token of POST /api/paciente/iniciar-sesion and the
// patient it belongs to, kept in localStorage under the app's own key (never the psychologists').
import type { DatosPaciente } from '@miduelo/shared/cuentas-respuestas';
import type { PendienteSchema } from '@miduelo/shared/cuentas-consentimiento';
import type * as v from 'valibot';
import { create } from 'zustand';
import { expDeToken, leerJson, vencida } from '@/nucleo/sesion-almacen';
import { useNoLeidos } from './no-leidos';

/** The patient's personal details, as login and the profile answer them (one shape, in shared/). */
export type PacienteSesion = DatosPaciente;

/** A consent document whose version in force the patient has not accepted yet (decision 187). */
export type PendienteConsentimiento = v.InferOutput<typeof PendienteSchema>;

export interface SesionApp {
  token: string;
  paciente: PacienteSesion;
  /** What login reported as still to accept; the app asks for it before anything else. */
  pendientes?: PendienteConsentimiento[];
  /** Expiry of the token (seconds since the epoch). */
  exp: number;
}

const CLAVE = 'miduelo-app:sesion';

const expDe = expDeToken;

function leer(): SesionApp | null {
  const s = leerJson<SesionApp | null>(CLAVE);
  if (!s || typeof s.token !== 'string' || vencida(s.exp)) return null;
  return s;
}

export const useSesion = create<{ sesion: SesionApp | null; aviso: string | null }>()(() => ({ sesion: leer(), aviso: null }));

function guardar(sesion: SesionApp): void {
  localStorage.setItem(CLAVE, JSON.stringify(sesion));
  useSesion.setState({ sesion, aviso: null });
}

export function iniciar(token: string, paciente: PacienteSesion, pendientes: PendienteConsentimiento[] = []): void {
  guardar({ token, paciente, exp: expDe(token), pendientes });
}

/** The same session with some fields changed (a new token after a password change, an edited
 * profile, a consent accepted). */
export function actualizarSesion(cambios: Partial<Pick<SesionApp, 'paciente' | 'pendientes'>> & { token?: string }): void {
  const s = useSesion.getState().sesion;
  if (!s) return;
  const token = cambios.token ?? s.token;
  guardar({ ...s, ...cambios, token, exp: expDe(token) });
}

/** What she wrote and has not left the phone yet: the chat's outbox, a forum post waiting for the
 * connection and a diary entry that could not be saved (decisions 185, 270, 274), under
 * `miduelo-app:<id>:`. */
const POR_ENVIAR = /^(bandeja|cache:foros:tema:\d+:por-enviar|cache:diario:por-guardar:\d{4}-\d{2}-\d{2})$/;

/**
 * Ends the session on this device and forgets what it kept for this patient. When the server ended
 * it (expired, revoked: `conservarPorEnviar`), what she wrote and could not send yet stays, under
 * her id only, and leaves at her next log-in (decision 273); signing out herself forgets it all.
 */
export function terminar(aviso: string | null = null, o: { conservarPorEnviar?: boolean } = {}): void {
  const s = useSesion.getState().sesion;
  localStorage.removeItem(CLAVE);
  if (s) {
    const prefijo = `miduelo-app:${s.paciente.id_paciente}:`;
    for (const k of Object.keys(localStorage)) {
      if (!k.startsWith(prefijo)) continue;
      if (o.conservarPorEnviar && POR_ENVIAR.test(k.slice(prefijo.length))) continue;
      localStorage.removeItem(k);
    }
  }
  // The unread counts live in memory, not under her keys: the next account to sign in on this
  // phone, without a reload, must not see hers added to its own (decision 305).
  useNoLeidos.setState({ porChat: {} });
  useSesion.setState({ sesion: null, aviso });
}

/** The server ended the session (a 401, the socket's revocation notice). */
export const sesionTerminada = () => terminar('Tu sesión terminó. Vuelve a iniciar sesión, por favor.', { conservarPorEnviar: true });

export const sesionActual = () => useSesion.getState().sesion;
