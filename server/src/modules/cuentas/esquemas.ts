import { MSG } from '@miduelo/shared/cuentas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import * as v from 'valibot';

/** A malformed link gets the same Spanish answer as an unknown token. */
const tokenParams = (invalido: string) =>
  v.object({ token: v.pipe(v.string(invalido), v.minLength(10, invalido), v.maxLength(200, invalido)) });
export const TokenActivacion = tokenParams(MSG.tokenActivacionInvalido);
export const TokenRestablecer = tokenParams(MSG.tokenRestablecerInvalido);

/** The account a sensitive request names (the per-account rate limit's key), already validated when the preHandler runs. */
export const campoDe =
  (nombre: string) =>
  (request: FastifyRequest): string | undefined => {
    const b: unknown = request.body;
    const valor: unknown = typeof b === 'object' && b !== null ? Reflect.get(b, nombre) : undefined;
    return typeof valor === 'string' ? valor : undefined;
  };

/** The signed-in account, as the key of a failure-based limit (a password change's current password). */
export const cuentaDeSesion = (request: FastifyRequest): string | undefined => {
  const s = request.sesion;
  if (s?.tipo === 'psicologo') return `psicologo:${s.id_psicologo}`;
  if (s?.tipo === 'paciente') return `paciente:${s.id_paciente}`;
  return undefined;
};

interface Limite {
  fallo(request: FastifyRequest, cuenta: string): Promise<void>;
  exito(request: FastifyRequest, reply: FastifyReply, cuenta: string): Promise<void>;
}

/** Runs a password change, counting a wrong current password as a failure of the limit. */
export async function conLimite<T>(limite: Limite, request: FastifyRequest, reply: FastifyReply, accion: () => Promise<T>): Promise<T> {
  const cuenta = cuentaDeSesion(request) ?? '';
  try {
    const r = await accion();
    await limite.exito(request, reply, cuenta);
    return r;
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONTRASENA_ACTUAL_INCORRECTA') await limite.fallo(request, cuenta);
    throw err;
  }
}
