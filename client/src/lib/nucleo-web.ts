// The web's configuration of the client core (nucleo/, decision 314): the psychologist's session
// token, the session-expired flow (a warning toast, then the log-out) and error toasts.
import { RETRASO_LOGOUT_SESION_EXPIRADA_MS, TOAST_SESION_EXPIRADA_MS } from '@miduelo/shared/constants';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import { configurarHttp } from '@/nucleo/http';
import { iniciarSocket } from '@/nucleo/socket';
import { cerrandoSesion, cerrarSesion, estaAutenticado, tokenGuardado, useSession } from './session';
import { toast } from './toast';

let sesionExpirando = false;

function avisarSesionExpirada(): void {
  if (sesionExpirando || cerrandoSesion()) return;
  sesionExpirando = true;
  toast.aviso(MSG_GENERICO.sesionExpiradaTitulo, MSG_GENERICO.sesionExpirada, { duracion: TOAST_SESION_EXPIRADA_MS });
  window.setTimeout(() => void cerrarSesion(), RETRASO_LOGOUT_SESION_EXPIRADA_MS);
}

/** Call once at start-up, before the first request. */
export function configurarNucleoWeb(): void {
  configurarHttp({
    token: tokenGuardado,
    alPerderSesion: avisarSesionExpirada,
    xsrf: 'asegurar',
    avisarError: (titulo, texto) => toast.error(titulo, texto),
  });
}

/** Connects the socket while a web session exists and follows log-in and log-out. */
export function iniciarSocketWeb(): () => void {
  return iniciarSocket({
    token: () => (estaAutenticado() ? tokenGuardado() : null),
    seguirSesion: (cambio) => useSession.subscribe((actual, previo) => actual.token !== previo.token && cambio()),
    alRevocar: avisarSesionExpirada,
  });
}
