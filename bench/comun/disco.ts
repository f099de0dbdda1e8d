// A probe of the disk's flush latency, for benchmarks whose every message is a commit: a phase whose
// p99 jumps while the disk stalls says so beside its figures. Every `cadaMs` it rewrites one 8-KiB
// block of a file of its own and waits for `fdatasync`, as PostgreSQL waits for its WAL at each
// commit; one flush every 50 ms is a tenth of what a 200-message/s phase asks of the disk.
import { statSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';

export interface VentanaDeDisco {
  muestras: number;
  p99: number;
  max: number;
  /** Flushes of 50 ms or more in the window. */
  lentas: number;
}

export async function sondaDeDisco(dir = os.tmpdir(), cadaMs = 50) {
  const ruta = path.join(dir, `bench-sonda-disco-${process.pid}.dat`);
  const archivo = await open(ruta, 'w');
  const bloque = Buffer.alloc(8192, 0x2a);
  const muestras: number[] = [];
  let activa = true;
  const bucle = (async () => {
    while (activa) {
      await archivo.write(bloque, 0, bloque.length, 0);
      const t = performance.now();
      await archivo.datasync();
      muestras.push(performance.now() - t);
      await esperar(cadaMs);
    }
  })();
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
      activa = false;
      await bucle;
      await archivo.close();
      await unlink(ruta);
    },
  };
}

export const discoTexto = (v: VentanaDeDisco) =>
  `fsync del disco p99 ${v.p99.toFixed(1)} / máx ${v.max.toFixed(1)} ms${v.lentas ? ` (${v.lentas} ≥ 50 ms)` : ''}`;
