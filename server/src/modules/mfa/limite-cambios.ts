// What the account's own two-step routes share (decisions 370 and 374): the signed-in account, and
// the limit on changes that ask for the password again, counted like failed logins per account and
// address (decision 074), so a stranger's guesses never lock the owner out on a known device.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  const conLimite = async <T>(request: FastifyRequest, reply: FastifyReply, accion: () => Promise<T>) => {
    const clave = claveDe(request) ?? '';
    try {
      const r = await accion();
      await limite.exito(request, reply, clave);
      return r;
    } catch (err) {
      if (err instanceof AppError && fallos.includes(err.code)) await limite.fallo(request, clave);
      throw err;
    }
  };
  return { antes: limite.antes, conLimite };
}
