import type { TokenPsicologo } from '@miduelo/shared/cuentas';
import { INTERVALO_EXPIRACION_MS, STORAGE_TOKEN } from '@miduelo/shared/constants';
import { create } from 'zustand';
import { conservarToastsAlRecargar } from './toast';
import { claimsDeJwt, seguirOtrasPestanas, vencida } from '@/nucleo/sesion-almacen';
import { asegurarXsrf, CABECERA_XSRF } from '@/nucleo/xsrf';

/** The signed-in web user: a psychologist or an administrator (spec 1 §3, session token payload). */
export type UsuarioWeb = TokenPsicologo;

interface SessionState {
  token: string | null;
  usuario: UsuarioWeb | null;
}

/**
 * Reads a web user from a JWT. The signature is the server's business; the client only needs
 * the claims to route and greet. Patient tokens (mobile app) are not web sessions.
 */
export function usuarioDeToken(token: string): UsuarioWeb | null {
  const datos = claimsDeJwt(token) as (Omit<Partial<TokenPsicologo>, 'tipo'> & { tipo?: string }) | null;
  if (!datos) return null;
  if (datos.tipo !== undefined && datos.tipo !== 'psicologo') return null;
  if (typeof datos.id_psicologo !== 'number' || typeof datos.exp !== 'number') return null;
  return {
    tipo: 'psicologo',
    id_psicologo: datos.id_psicologo,
    correo: String(datos.correo ?? ''),
    nombre: String(datos.nombre ?? ''),
    apellido: String(datos.apellido ?? ''),
    rol_admin: datos.rol_admin === true,
    jti: String(datos.jti ?? ''),
    iat: Number(datos.iat ?? 0),
    exp: datos.exp,
  };
}

const expirado = (usuario: UsuarioWeb): boolean => vencida(usuario.exp);

function leerAlmacenado(): SessionState {
  const token = localStorage.getItem(STORAGE_TOKEN);
  if (!token) return { token: null, usuario: null };
  const usuario = usuarioDeToken(token);
  if (!usuario || expirado(usuario)) {
    // An expired or foreign token is removed as soon as the app starts (spec 1 §4).
    localStorage.removeItem(STORAGE_TOKEN);
    return { token: null, usuario: null };
  }
  return { token, usuario };
}

export const useSession = create<SessionState>()(() => leerAlmacenado());

/** The current valid web session, or null. Checks expiry at call time, not only at load. */
export function sesionActual(): { token: string; usuario: UsuarioWeb } | null {
  const { token, usuario } = useSession.getState();
  if (!token || !usuario || expirado(usuario)) return null;
  return { token, usuario };
}

export function estaAutenticado(): boolean {
  return sesionActual() !== null;
}

/** The bearer token to send, when one is stored. */
export function tokenGuardado(): string | null {
  return useSession.getState().token;
}

/** Stores a fresh login token. Returns false when it is not a usable web session. */
export function iniciarSesion(token: string): boolean {
  const usuario = usuarioDeToken(token);
  if (!usuario || expirado(usuario)) return false;
  localStorage.setItem(STORAGE_TOKEN, token);
  useSession.setState({ token, usuario });
  return true;
}

/** Home route of a signed-in user (spec 1 §2). */
export function rutaInicio(usuario: UsuarioWeb): '/admin/psicologos' | '/agenda' {
  return usuario.rol_admin ? '/admin/psicologos' : '/agenda';
}

let cerrando = false;

/** True once this tab is logging out: its own revocation (`sesion:revocada`, a 401 in flight) is
 * then expected and must not read as an expired session. */
export const cerrandoSesion = () => cerrando;

/**
 * Logs out: tells the server (so the token is revoked everywhere; failures are ignored), clears
 * storage and goes to the login page with a full reload, which also drops every live store.
 */
export async function cerrarSesion(): Promise<void> {
  if (cerrando) return;
  cerrando = true;
  const token = useSession.getState().token;
  if (token) {
    try {
      const xsrf = await asegurarXsrf();
      await fetch('/api/psicologo/cerrar-sesion', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Authorization: `Bearer ${token}`, ...(xsrf ? { [CABECERA_XSRF]: xsrf } : {}) },
        signal: AbortSignal.timeout(4000),
      });
    } catch {
      // The token is dropped locally either way.
    }
  }
  localStorage.removeItem(STORAGE_TOKEN);
  useSession.setState({ token: null, usuario: null });
  conservarToastsAlRecargar();
  window.location.assign('/iniciar-sesion');
}

/** Starts the 60-second expiry check and keeps several tabs in step. Call once at start-up. */
export function vigilarSesion(): () => void {
  const revisar = () => {
    const { usuario } = useSession.getState();
    if (usuario && expirado(usuario)) void cerrarSesion();
  };
  const intervalo = window.setInterval(revisar, INTERVALO_EXPIRACION_MS);
  const alCambiarAlmacen = () => {
    const { token: antes, usuario: quien } = useSession.getState();
    const ahora = leerAlmacenado();
    if (ahora.token === antes) return;
    // Signed in as someone else in another tab: this tab must not keep showing the previous
    // account's screens with the new account's token (its socket, polls and saves would act as the
    // new one over what the previous one left open). It starts again, whole, as the new account
    // (decision 279). The same account with a new token (a password change) carries on.
    if (quien && ahora.usuario && ahora.usuario.id_psicologo !== quien.id_psicologo) {
      window.location.assign(rutaInicio(ahora.usuario));
      return;
    }
    useSession.setState(ahora);
    // Logged out in another tab: this tab must not keep acting.
    if (antes && ahora.token === null) window.location.assign('/iniciar-sesion');
  };
  const dejarDeSeguir = seguirOtrasPestanas(STORAGE_TOKEN, alCambiarAlmacen);
  // The browser's back button may bring this page back whole from its back/forward cache, as it
  // was when it was left: after a log-out (here: `cerrando` stays set in the frozen page), or after
  // another tab logged out or signed in as someone else (the stored token is not this page's), that
  // is the previous account's screen — a patient's file, a chat — shown to whoever uses the browser
  // next. Such a page is loaded anew instead, and its guards decide (decision 304).
  // A page left by a log-out is also frozen blank, so that not even the moment before that load
  // shows what it held.
  const alSalir = () => {
    if (cerrando) document.documentElement.style.visibility = 'hidden';
  };
  const alVolver = (e: PageTransitionEvent) => {
    if (!e.persisted) return;
    if (cerrando || localStorage.getItem(STORAGE_TOKEN) !== useSession.getState().token) window.location.reload();
  };
  window.addEventListener('pagehide', alSalir);
  window.addEventListener('pageshow', alVolver);
  return () => {
    window.clearInterval(intervalo);
    dejarDeSeguir();
    window.removeEventListener('pagehide', alSalir);
    window.removeEventListener('pageshow', alVolver);
  };
}
