// A probe of the disk's flush latency, for benchmarks whose every message is a commit: a phase whose
// p99 jumps while the disk stalls says so beside its figures. Every `cadaMs` it rewrites one 8-KiB
// block of a file of its own and waits for `fdatasync`, as PostgreSQL waits for its WAL at each
// commit; at 20 flushes a second, a tenth of the commits of a 200-message/s phase. The flushes run
// and are timed in a worker thread of their own, so the load generator's event-loop delays do not
// count as the disk's.
import { once } from 'node:events';
import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { percentil } from './percentil';

/** A flush this long or longer is a stall: it holds every commit waiting for it. */
export const LENTA_MS = 50;

export interface VentanaDeDisco {
  p99: number;
  max: number;
  /** Flushes of `LENTA_MS` or more in the window. */
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
  const parar = new Int32Array(new SharedArrayBuffer(4));
  const hilo = new Worker(SONDA, { eval: true, workerData: { ruta, cadaMs, parar: parar.buffer } });
  const muestras: number[] = [];
  // The file goes with the process, even when a bench fails before `cerrar`.
  const borrar = () => rmSync(ruta, { force: true });
  process.once('exit', borrar);
  hilo.on('message', (ms: number) => muestras.push(ms));
  // The first flush, before `describir` compares devices (the file exists by then).
  await once(hilo, 'message');
  return {
    /** Where the probe writes, and whether that is the device of `datosPg` (PostgreSQL's data directory). */
    describir(datosPg: string | null): string {
      const dev = datosPg ? statSync(datosPg, { throwIfNoEntry: false })?.dev : undefined;
      const mismo = dev === undefined ? null : dev === statSync(ruta).dev;
      return (
        `un fdatasync de 8 KiB cada ${cadaMs} ms en ${dir}, ` +
        (mismo === null
          ? 'dispositivo de los datos de PostgreSQL desconocido'
          : mismo
            ? 'el dispositivo de los datos de PostgreSQL'
            : 'otro dispositivo que los datos de PostgreSQL')
      );
    },
    /** Call before a phase; the returned function, after it, gives the flushes measured meanwhile. */
    desde(): () => VentanaDeDisco {
      const desde = muestras.length;
      return () => {
        const v = muestras.slice(desde).sort((a, b) => a - b);
        return { p99: v.length ? percentil(v, 99) : 0, max: v.at(-1) ?? 0, lentas: v.filter((x) => x >= LENTA_MS).length };
      };
    },
    async cerrar() {
      const fin = once(hilo, 'exit');
      Atomics.store(parar, 0, 1);
      Atomics.notify(parar, 0);
      await fin;
      process.off('exit', borrar);
      borrar();
    },
  };
}

export const discoTexto = (v: VentanaDeDisco) =>
  `fsync del disco p99 ${v.p99.toFixed(1)} / máx ${v.max.toFixed(1)} ms${v.lentas ? ` (${v.lentas} ≥ ${LENTA_MS} ms)` : ''}`;
