// The child's side of a bench server process (the bare floors too: nothing of the app here).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** BENCH_PING_MS: engine.io's ping interval for every bench server (default 25 s), to tell whether
 * the pings of sockets connected together line up with a window's stalls. */
export function opcionesDePing(): { pingInterval?: number } {
  const ms = Number(process.env.BENCH_PING_MS);
  return ms > 0 ? { pingInterval: ms } : {};
}

/** A garbage collection's pause, from the `gc` performance entries: `en` ms after the last ask. */
export interface PausaGc {
  en: number;
  ms: number;
  tipo: 'menor' | 'mayor' | 'otra';
}
/** Pauses at least this long are listed one by one (the others only counted). */
const PAUSA_LISTADA_MS = 5;
export interface ResumenGc {
  menores: { n: number; ms: number; max: number };
  mayores: { n: number; ms: number; max: number };
  /** Every pause of PAUSA_LISTADA_MS or more, in order. */
  largas: PausaGc[];
}

/** BENCH_SOBREVIVIENTES=1 (with BENCH_ASIGNACIONES): only what outlived a scavenge, one profile per window. */
const SOBREVIVIENTES = process.env.BENCH_SOBREVIVIENTES === '1';

/**
 * BENCH_ASIGNACIONES=dir: V8's sampling heap profiler from the parent's first `retraso` ask (bench/chat
 * asks right before each measured window, so: from the first measured window) to the end,
 * objects a scavenge or a full collection freed included (what `--heap-prof` leaves out), written
 * there as a .heapprofile (Chrome DevTools, Memory tab): where each server allocates, per message.
 */
async function muestrearAsignaciones(dir: string, nombre = `asignaciones-${process.pid}`): Promise<() => Promise<void>> {
  const s = new Session();
  s.connect();
  await s.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    // BENCH_SOBREVIVIENTES=1: only what outlived a scavenge (promoted, or allocated old): what the
    // full collections then have to mark and sweep.
    includeObjectsCollectedByMinorGC: !SOBREVIVIENTES,
  });
  return async () => {
    // The profiler learns an object died only when a collection frees it: what died since the last
    // scavenge would be counted as a survivor. One scavenge first, so it is not.
    if (SOBREVIVIENTES) scavenge();
    const { profile } = await s.post('HeapProfiler.stopSampling');
    writeFileSync(path.join(dir, `${nombre}.heapprofile`), JSON.stringify(profile));
    s.disconnect();
  };
}

let gcExpuesto: ((o: { type: 'minor' }) => void) | undefined;
function scavenge(): void {
  if (!gcExpuesto) {
    setFlagsFromString('--expose-gc');
    gcExpuesto = runInNewContext('gc') as (o: { type: 'minor' }) => void;
  }
  gcExpuesto({ type: 'minor' });
}

/**
 * The child's side of a bench server's IPC: `retraso` answers this process's event-loop delay (p99
 * and max, ms) and its garbage collections' pauses since the last ask; `cerrar` runs `cerrar` and exits; a parent gone ends it too.
 */
export function atenderAlPadre(cerrar: () => Promise<void>): void {
  const retraso = monitorEventLoopDelay({ resolution: 5 });
  retraso.enable();
  // Garbage-collection pauses since the last ask (entries arrive a little after each pause).
  let desde = performance.now();
  let pausas: PausaGc[] = [];
  new PerformanceObserver((lista) => {
    for (const e of lista.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const tipo = kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'mayor' : kind === constants.NODE_PERFORMANCE_GC_MINOR ? 'menor' : 'otra';
      pausas.push({ en: e.startTime - desde, ms: e.duration, tipo });
    }
  }).observe({ entryTypes: ['gc'] });
  const resumen = (): ResumenGc => {
    const de = (tipo: PausaGc['tipo']) => {
      const xs = pausas.filter((p) => p.tipo === tipo).map((p) => p.ms);
      return { n: xs.length, ms: xs.reduce((a, b) => a + b, 0), max: xs.length ? Math.max(...xs) : 0 };
    };
    return { menores: de('menor'), mayores: de('mayor'), largas: pausas.filter((p) => p.ms >= PAUSA_LISTADA_MS) };
  };
  const dir = process.env.BENCH_ASIGNACIONES;
  let terminarMuestreo: Promise<() => Promise<void>> | null = null;
  let ventanas = 0;
  process.on('message', async (m: { tipo?: string }) => {
    if (m?.tipo === 'retraso') {
      // BENCH_SOBREVIVIENTES=1: one profile per measured window (the parent asks at its start and at
      // its end): what outlived a scavenge in that window, without the idle spells or the teardown.
      const alTerminar = SOBREVIVIENTES ? terminarMuestreo : null;
      if (dir && !terminarMuestreo) {
        terminarMuestreo = muestrearAsignaciones(dir, SOBREVIVIENTES ? `sobrevivientes-${process.pid}-${++ventanas}` : undefined);
        await terminarMuestreo;
      }
      process.send?.({ tipo: 'retraso', p99: retraso.percentile(99) / 1e6, max: retraso.max / 1e6, gc: resumen() });
      retraso.reset();
      pausas = [];
      desde = performance.now();
      if (alTerminar) {
        terminarMuestreo = null;
        await (await alTerminar)();
      }
      return;
    }
    if (m?.tipo !== 'cerrar') return;
    if (terminarMuestreo) await (await terminarMuestreo)();
    await cerrar();
    process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}
