// The child's side of a bench server process (the bare floors too: nothing of the app here).
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The child's side of a bench server's IPC: `retraso` answers this process's event-loop delay (p99
 * and max, ms) since the last ask; `cerrar` runs `cerrar` and exits; a parent gone ends it too.
 */
export function atenderAlPadre(cerrar: () => Promise<void>): void {
  const retraso = monitorEventLoopDelay({ resolution: 5 });
  retraso.enable();
  process.on('message', async (m: { tipo?: string }) => {
    if (m?.tipo === 'retraso') {
      process.send?.({ tipo: 'retraso', p99: retraso.percentile(99) / 1e6, max: retraso.max / 1e6 });
      retraso.reset();
      return;
    }
    if (m?.tipo !== 'cerrar') return;
    await cerrar();
    process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}
