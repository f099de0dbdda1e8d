// The WebAuthn ceremonies of passkeys (decisions 374–375), through @simplewebauthn/browser. Only
// imported on demand (`await import('@/nucleo/llave-acceso')`): the login's first load stays small.
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

export const soportada = () => browserSupportsWebAuthn();

/** navigator.credentials.create() with the server's options: the answer to send back. */
export const crearCredencial = (opciones: object) => startRegistration({ optionsJSON: opciones as PublicKeyCredentialCreationOptionsJSON });

/** navigator.credentials.get() with the server's options: the answer to send back. */
export const usarCredencial = (opciones: object) => startAuthentication({ optionsJSON: opciones as PublicKeyCredentialRequestOptionsJSON });

/** What to tell the person when the browser's ceremony failed (null: not the browser's error). */
export function mensajeDeCeremonia(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: string }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || err.name === 'InvalidStateError') return MSG_LLAVES.yaRegistrada;
  if (err.name === 'NotAllowedError' || err.name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return MSG_LLAVES.cancelada;
  if (err.name === 'NotSupportedError' || err.message.includes('does not support WebAuthn')) return MSG_LLAVES.noDisponible;
  return null;
}
