import { MSG } from '@miduelo/shared/auth';
import type { FastifyRequest } from 'fastify';
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
