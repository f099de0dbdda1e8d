// bench/promocion: how much of each operation outlives two young-generation collections (is
// promoted to the old one, where only full collections free it), read off V8's --trace-gc-nvp, for
// the database driver's query shapes beside two baselines in the same run: nothing, and a bare TCP
// round trip over loopback. A server whose requests each leave promoted bytes behind grows its
// young generation, and each scavenge copies more: longer pauses (bench/chat, decision 245).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx bench/promocion/index.ts
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { baseDesechable } from '../comun/procesos';

const DIR = path.dirname(new URL(import.meta.url).pathname);
const REPETICIONES = Number(process.env.BENCH_RONDAS ?? 3);
const MODOS = (process.env.BENCH_MODOS ?? 'nada,net,pg-unsafe,pg-plantilla').split(',');

interface Medida {
  operaciones: number;
  scavenges: number;
  asignadoMb: number;
  promovidoKb: number;
}

/** Runs one mode and sums its scavenges after the first third (start-up and the young generation's growth left out). */
function medir(modo: string, env: NodeJS.ProcessEnv): Promise<Medida> {
  return new Promise((resolve, reject) => {
    const hijo = spawn(process.execPath, [...process.execArgv, '--trace-gc-nvp', path.join(DIR, 'hijo.ts'), modo], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let salida = '';
    let errores = '';
    hijo.stdout.on('data', (d) => {
      salida += d;
    });
    hijo.stderr.on('data', (d) => {
      errores += d;
    });
    hijo.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${modo}: código ${code}\n${errores}`));
      const lineas = salida.split('\n').filter((l) => / gc=s /.test(l));
      const tramo = lineas.slice(Math.floor(lineas.length / 3));
      const campo = (l: string, k: string) => Number(new RegExp(`${k}=([0-9.]+)`).exec(l)?.[1] ?? 0);
      resolve({
        operaciones: Number(/operaciones=(\d+)/.exec(errores)?.[1] ?? 0) * (tramo.length / Math.max(lineas.length, 1)),
        scavenges: tramo.length,
        asignadoMb: tramo.reduce((s, l) => s + campo(l, 'allocated'), 0) / 1e6,
        promovidoKb: tramo.reduce((s, l) => s + campo(l, 'promoted'), 0) / 1e3,
      });
    });
  });
}

async function main() {
  const raiz = process.env.DATABASE_URL;
  if (!raiz) throw new Error('bench/promocion necesita DATABASE_URL (PostgreSQL)');
  const base = await baseDesechable(raiz, 'bench_promocion');
  const [c1] = os.loadavg();
  console.log(
    `bench/promocion — cada 5 ms ~40 KB de basura y una operación, ${REPETICIONES} corridas por modo (% = de lo asignado); carga al empezar ${c1.toFixed(2)}`,
  );
  try {
    for (const modo of MODOS) {
      // Each mode several times: between runs of the same mode the figure can jump by an order of
      // magnitude (decision 245), so every run is printed.
      const corridas: string[] = [];
      for (let i = 0; i < REPETICIONES; i++) {
        const m = await medir(modo, { BENCH_DB_URL: base.url });
        // Operations in the measured stretch, estimated from its share of the scavenges.
        const porMil = m.operaciones > 0 ? (m.promovidoKb / m.operaciones) * 1000 : 0;
        corridas.push(`${porMil.toFixed(0)} KB (${m.scavenges} scavenges, ${((m.promovidoKb / 1e3 / m.asignadoMb) * 100).toFixed(2)} %)`);
      }
      console.log(`  ${modo.padEnd(18)} promovido por 1.000 operaciones: ${corridas.join(' · ')}`);
    }
  } finally {
    await base.borrar();
  }
  console.log(`  carga al terminar ${os.loadavg()[0].toFixed(2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
