// The live notice that follows a committed write, the same in every module (decisions 282, 287,
// 288): reading what to publish and pushing it to the open screens. Once the write committed, a
// failure here must not answer an error: the user would retry and write it twice.
import type { FastifyBaseLogger } from 'fastify';
import { errorParaRegistro } from '../plugins/errors';

/**
 * Runs the notice of a write that already committed. A failure (a throw while building or emitting
 * the event, a failed read of what to publish) is logged and never reaches the answer, which stays
 * the write's own; the open screens read the change on their next load, poll or reconnection, as
 * after any lost event (decision 060). A function, not a promise, so that a notice that throws
 * before it returns is caught too. Only for what follows the commit: a failure before or inside
 * the transaction still rolls back and answers its error.
 */
export async function avisar(ctx: { log: FastifyBaseLogger }, que: string, aviso: () => void | Promise<void>): Promise<void> {
  try {
    await aviso();
  } catch (err) {
    ctx.log.error({ err: errorParaRegistro(err) }, `${que}: guardado, pero no se pudo avisar a las pantallas abiertas`);
  }
}
