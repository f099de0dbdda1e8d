import { redirect } from '@tanstack/react-router';
import { esRutaInterna } from './search';
import { rutaInicio, sesionActual } from './session';

// Route guards (spec 1 §2, spec 2 §2). Each is a `beforeLoad` that throws a redirect.

interface ContextoGuarda {
  location: { href: string };
}

/** To the login page, keeping the page asked for (`?redirect=`), restored after login. */
const aIniciarSesion = (ctx?: ContextoGuarda) =>
  redirect({ to: '/iniciar-sesion', search: ctx && esRutaInterna(ctx.location.href) ? { redirect: ctx.location.href } : {} });

/** Any signed-in web user, else /iniciar-sesion. */
export function requerirSesion(ctx?: ContextoGuarda): void {
  if (!sesionActual()) throw aIniciarSesion(ctx);
}

/** Administrators only: anonymous → /iniciar-sesion, signed-in non-admin → /agenda. */
export function requerirAdmin(ctx?: ContextoGuarda): void {
  const sesion = sesionActual();
  if (!sesion) throw aIniciarSesion(ctx);
  if (!sesion.usuario.rol_admin) throw redirect({ to: '/agenda' });
}

/** A signed-in user whose info holds id_psicologo, else / (or /iniciar-sesion when anonymous). */
export function requerirPsicologo(ctx?: ContextoGuarda): void {
  const sesion = sesionActual();
  if (!sesion) throw aIniciarSesion(ctx);
  if (!sesion.usuario.id_psicologo) throw redirect({ to: '/' });
}

/** Login and registration are for visitors: a signed-in user goes to their home. */
export function soloVisitantes(): void {
  const sesion = sesionActual();
  if (sesion) throw redirect({ to: rutaInicio(sesion.usuario) });
}
