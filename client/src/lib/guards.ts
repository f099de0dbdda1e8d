import { redirect } from '@tanstack/react-router';
import { rutaInicio, sesionActual } from './session';

// Route guards (spec 1 §2, spec 2 §2). Each is a `beforeLoad` that throws a redirect.

/** Any signed-in web user, else /iniciar-sesion. */
export function requerirSesion(): void {
  if (!sesionActual()) throw redirect({ to: '/iniciar-sesion' });
}

/** Administrators only: anonymous → /iniciar-sesion, signed-in non-admin → /agenda. */
export function requerirAdmin(): void {
  const sesion = sesionActual();
  if (!sesion) throw redirect({ to: '/iniciar-sesion' });
  if (!sesion.usuario.rol_admin) throw redirect({ to: '/agenda' });
}

/** A signed-in user whose info holds id_psicologo, else / (or /iniciar-sesion when anonymous). */
export function requerirPsicologo(): void {
  const sesion = sesionActual();
  if (!sesion) throw redirect({ to: '/iniciar-sesion' });
  if (!sesion.usuario.id_psicologo) throw redirect({ to: '/' });
}

/** Login and registration are for visitors: a signed-in user goes to their home. */
export function soloVisitantes(): void {
  const sesion = sesionActual();
  if (sesion) throw redirect({ to: rutaInicio(sesion.usuario) });
}
