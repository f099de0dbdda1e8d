// The child's side of a bench server process (the bare floors too: nothing of the app here).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * BENCH_ASIGNACIONES=dir: V8's sampling heap profiler from the parent's first `retraso` ask (bench/chat
 * asks right before each measured window, so: from the first measured window) to the end,
 * objects a scavenge or a full collection freed included (what `--heap-prof` leaves out), written
 * there as a .heapprofile (Chrome DevTools, Memory tab): where each server allocates, per message.
 */
async function muestrearAsignaciones(dir: string): Promise<() => Promise<void>> {
  const s = new Session();
  s.connect();
  await s.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile } = await s.post('HeapProfiler.stopSampling');
    writeFileSync(path.join(dir, `asignaciones-${process.pid}.heapprofile`), JSON.stringify(profile));
    s.disconnect();
  };
}

/**
 * The child's side of a bench server's IPC: `retraso` answers this process's event-loop delay (p99
 * and max, ms) since the last ask; `cerrar` runs `cerrar` and exits; a parent gone ends it too.
 */
export function atenderAlPadre(cerrar: () => Promise<void>): void {
  const retraso = monitorEventLoopDelay({ resolution: 5 });
  retraso.enable();
  const dir = process.env.BENCH_ASIGNACIONES;
  let terminarMuestreo: Promise<() => Promise<void>> | null = null;
  process.on('message', async (m: { tipo?: string }) => {
    if (m?.tipo === 'retraso') {
      if (dir && !terminarMuestreo) terminarMuestreo = muestrearAsignaciones(dir);
      process.send?.({ tipo: 'retraso', p99: retraso.percentile(99) / 1e6, max: retraso.max / 1e6 });
      retraso.reset();
      return;
    }
    if (m?.tipo !== 'cerrar') return;
    if (terminarMuestreo) await (await terminarMuestreo)();
    await cerrar();
    process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}
