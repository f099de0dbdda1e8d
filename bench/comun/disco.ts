// A probe of the disk's flush latency, for benchmarks whose every message is a commit: a phase whose
// p99 jumps while the disk stalls says so beside its figures. Every `cadaMs` it rewrites one 8-KiB
// block of a file of its own and waits for `fdatasync`, as PostgreSQL waits for its WAL at each
// commit; at 20 flushes a second, a tenth of the commits of a 200-message/s phase. The flushes run
// and are timed in a worker thread of their own, so the load generator's event-loop delays do not
// count as the disk's.
import { statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export interface VentanaDeDisco {
  muestras: number;
  p99: number;
  max: number;
  /** Flushes of 50 ms or more in the window. */
  lentas: number;
}

const SONDA = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const fd = fs.openSync(workerData.ruta, 'w');
const bloque = Buffer.alloc(8192, 0x2a);
const parar = new Int32Array(workerData.parar);
while (Atomics.load(parar, 0) === 0) {
  fs.writeSync(fd, bloque, 0, bloque.length, 0);
  const t = performance.now();
  fs.fdatasyncSync(fd);
  parentPort.postMessage(performance.now() - t);
  Atomics.wait(parar, 0, 0, workerData.cadaMs);
}
fs.closeSync(fd);
`;

export async function sondaDeDisco(dir = os.tmpdir(), cadaMs = 50) {
  const ruta = path.join(dir, `bench-sonda-disco-${process.pid}.dat`);
  const parar = new SharedArrayBuffer(4);
  const hilo = new Worker(SONDA, { eval: true, workerData: { ruta, cadaMs, parar } });
  const muestras: number[] = [];
  hilo.on('message', (ms: number) => muestras.push(ms));
  const terminado = new Promise<void>((resolve, reject) => {
    hilo.once('exit', () => resolve());
    hilo.once('error', reject);
  });
  // The file goes with the process, even when a bench fails before `cerrar`.
  const borrar = () => {
    try {
      unlinkSync(ruta);
    } catch {}
  };
  process.once('exit', borrar);
  // The first flush, before the caller compares devices (the file exists by then).
  await new Promise<void>((resolve, reject) => {
    hilo.once('message', () => resolve());
    hilo.once('error', reject);
  });
  return {
    /** Whether `directorio` (PostgreSQL's data directory, say) is on the probe's device. */
    mismoDispositivo(directorio: string): boolean | null {
      try {
        return statSync(directorio).dev === statSync(ruta).dev;
      } catch {
        return null;
      }
    },
    /** Call before a phase; the returned function, after it, gives the flushes measured meanwhile. */
    desde(): () => VentanaDeDisco {
      const desde = muestras.length;
      return () => {
        const v = muestras.slice(desde).sort((a, b) => a - b);
        return {
          muestras: v.length,
          p99: v.length ? v[Math.min(v.length - 1, Math.floor(v.length * 0.99))] : 0,
          max: v.at(-1) ?? 0,
          lentas: v.filter((x) => x >= 50).length,
        };
      };
    },
    async cerrar() {
      const bandera = new Int32Array(parar);
      Atomics.store(bandera, 0, 1);
      Atomics.notify(bandera, 0);
      await terminado;
      process.off('exit', borrar);
      borrar();
    },
  };
}

export const discoTexto = (v: VentanaDeDisco) =>
  `fsync del disco p99 ${v.p99.toFixed(1)} / máx ${v.max.toFixed(1)} ms${v.lentas ? ` (${v.lentas} ≥ 50 ms)` : ''}`;
