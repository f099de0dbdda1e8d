// Decision 313: a create carries an optional client id, and a retry of it after a lost answer
// stores nothing twice. What every module's create shares: the shape of its answer, how a route
// answers it, and the refusal of a known id sent with other content.
import { MSG_ID_CLIENTE } from '@miduelo/shared/id-cliente';
import type { FastifyReply } from 'fastify';
import { conflict } from '../errors';

/** `nueva` is false when this call found the record already stored under its client id (a retry,
 * or the same request at the same moment). */
export interface Creado<T> {
  registro: T;
  nueva: boolean;
}

/** 201 when this call stored it, 200 with the stored record for a retry of it. */
export function responderCreado<T>(reply: FastifyReply, r: Creado<T>): T {
  reply.status(r.nueva ? 201 : 200);
  return r.registro;
}

/** The client id of a stored record sent again with other content (she changed it after an
 * attempt whose answer was lost): 409 and nothing written. Answering the stored record would close
 * the form as saved and lose her change silently; the message says nothing of the stored content. */
export const idClienteDistinto = () => conflict(MSG_ID_CLIENTE.distinto, 'ID_CLIENTE_DISTINTO');
