// A login-like action under `app.limiteLogin` (decision 074): a success clears this address's count
// and remembers the device; an error whose code is one of `fallos` (a wrong password, code or
// passkey) counts as a failure; any other error counts as neither. The error goes on either way.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

type LimiteLogin = ReturnType<FastifyInstance['limiteLogin']>;

export async function intentoContado<T>(
  limite: LimiteLogin,
  o: { request: FastifyRequest; reply: FastifyReply; clave: string; fallos: readonly string[] },
  accion: () => Promise<T>,
): Promise<T> {
  try {
    const r = await accion();
    await limite.exito(o.request, o.reply, o.clave);
    return r;
  } catch (err) {
    if (err instanceof AppError && o.fallos.includes(err.code)) await limite.fallo(o.request, o.clave);
    throw err;
  }
}
