// What the account's own two-step routes share (decisions 370 and 374): the signed-in account, and
// the limit on changes that ask for the password again, counted like failed logins per account and
// address (decision 074), so a stranger's guesses never lock the owner out on a known device.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { intentoContado } from '../../comun/intento-contado';
import { AppError } from '../../errors';
import { cuentaDeSesion } from '../../plugins/auth';

/** The signed-in account of a route behind `requiereCuenta`. */
export const cuentaDe = (request: FastifyRequest) => {
  if (!request.sesion) throw new AppError(401, 'NO_AUTENTICADO', 'No autenticado');
  return cuentaDeSesion(request.sesion);
};

const claveDe = (request: FastifyRequest) => {
  const c = request.sesion ? cuentaDeSesion(request.sesion) : null;
  return c ? `${c.tipo}:${c.id}` : undefined;
};

/** The `mfa-cambio` limit: its `antes` pre-handler, and `conLimite`, which runs an action and
 * counts it as a failure when it ends in one of `fallos` (error codes), as a success otherwise. */
export function limiteDeCambios(app: FastifyInstance, fallos: readonly string[]) {
  const limite = app.limiteLogin('mfa-cambio', claveDe);
  const conLimite = <T>(request: FastifyRequest, reply: FastifyReply, accion: () => Promise<T>) =>
    intentoContado(limite, { request, reply, clave: claveDe(request) ?? '', fallos }, accion);
  return { antes: limite.antes, conLimite };
}
