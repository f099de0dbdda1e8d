// Signing out herself on this phone: 'Cerrar sesión' in Ajustes and on the consent screen (decision
// 273: leaving means leaving nothing behind; decision 306: her notices stop reaching this phone).
import { cerrarSesion } from '../api/cuentas';
import { quitarSuscripcion } from './notificaciones';
import { sesionActual, terminar } from './sesion';

export async function salir(): Promise<void> {
  const token = sesionActual()?.token;
  // The subscription first, while her token still works.
  await quitarSuscripcion();
  // Forgotten here first (the server's revocation notice on the socket then finds no session),
  // then revoked on the server.
  terminar();
  if (token) await cerrarSesion(token).catch(() => undefined);
}
