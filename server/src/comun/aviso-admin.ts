// The administration lists (psychologists, patients, the dashboard's pending licences) change in two
// modules: administracion (reassignment, licence validation, deletion) and cuentas (enabling and
// disabling, registrations, activations, contact data). Both tell the connected administrators the
// same way (decision 291), so their open screens read their lists again.
import type { AdminCambio } from '@miduelo/shared/realtime-administracion';
import { sala } from '@miduelo/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../plugins/realtime';
import { avisar } from './aviso';

/** Call after the transaction that changed the account committed. Only which account: every
 * administrator may see it, and the screens read the rest through the Admin API. A failure is
 * logged, never answered: the write is saved (decision 288). */
export function avisarAdministradores(ctx: { realtime: Realtime; log: FastifyBaseLogger }, cambio: AdminCambio): Promise<void> {
  return avisar(ctx, 'aviso a las listas de administración', () => ctx.realtime.emitir(sala.administradores, 'admin:cambio', cambio));
}
