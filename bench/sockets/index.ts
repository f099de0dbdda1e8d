// bench/sockets: heap per idle socket of the real server beside bare Socket.IO (each socket in its
// account's room), same number of sockets, same run. Each server runs in its own process with
// --expose-gc; the heap is read after full collections before and after connecting. Goal:
// MiDuelo ≤ 1.1 × bare Socket.IO. Prints the load average.
//   pnpm exec tsx bench/sockets/index.ts        (BENCH_CUENTAS, default 500 sockets)
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { mediana } from '../comun/percentil';
import { banderasDelServidor } from '../comun/procesos';

const CUENTAS = Number(process.env.BENCH_CUENTAS ?? 500);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const DIR = path.dirname(new URL(import.meta.url).pathname);
const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

interface Listo {
  tipo: 'listo';
  url: string;
  tokens: string[];
}

function arrancar(modo: string): Promise<{ p: ChildProcess; listo: Listo }> {
  const p = fork(path.join(DIR, 'servidor.ts'), [], {
    env: { ...process.env, MODO: modo },
    execArgv: [...process.execArgv, '--expose-gc', ...(modo === 'app' ? banderasDelServidor() : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    p.once('exit', (c) => reject(new Error(`servidor ${modo}: ${c}`)));
    p.on('message', (m: Listo) => {
      if (m?.tipo === 'listo') resolve({ p, listo: m });
    });
  });
}

function heap(p: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const oir = (m: { tipo?: string; bytes: number }) => {
      if (m?.tipo !== 'heap') return;
      p.off('message', oir);
      resolve(m.bytes);
    };
    p.on('message', oir);
    p.send({ tipo: 'heap' });
  });
}

/** BENCH_INSTANTANEAS=dir: heap snapshots before and after connecting (diagnosis; slow). */
async function instantanea(p: ChildProcess, nombre: string): Promise<void> {
  const dir = process.env.BENCH_INSTANTANEAS;
  if (!dir) return;
  await new Promise<void>((resolve) => {
    const oir = (m: { tipo?: string }) => {
      if (m?.tipo !== 'instantanea') return;
      p.off('message', oir);
      resolve();
    };
    p.on('message', oir);
    p.send({ tipo: 'instantanea', archivo: path.join(dir, `${nombre}.heapsnapshot`) });
  });
}

async function conectar(url: string, auths: object[]): Promise<Socket[]> {
  const ss: Socket[] = [];
  for (let i = 0; i < auths.length; i += 100) {
    const lote = auths.slice(i, i + 100).map((auth) => io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true }));
    await Promise.all(
      lote.map(
        (s) =>
          new Promise<void>((res, rej) => {
            s.once('connect', () => res());
            s.once('connect_error', rej);
          }),
      ),
    );
    ss.push(...lote);
  }
  return ss;
}

async function medir(modo: 'app' | 'desnudo'): Promise<number> {
  const { p, listo } = await arrancar(modo);
  const auths = Array.from({ length: CUENTAS }, (_, i) => (modo === 'app' ? { token: listo.tokens[i] } : { cuenta: i }));
  // A first batch warms the code paths (JIT, lazily built structures) and is closed again.
  const calentar = await conectar(listo.url, auths.slice(0, 50));
  for (const s of calentar) s.close();
  await new Promise((r) => setTimeout(r, 500));
  const antes = await heap(p);
  await instantanea(p, `${modo}-antes`);
  const ss = await conectar(listo.url, auths);
  await new Promise((r) => setTimeout(r, 1000));
  const despues = await heap(p);
  await instantanea(p, `${modo}-despues`);
  for (const s of ss) s.close();
  p.removeAllListeners('exit');
  p.send({ tipo: 'cerrar' });
  return (despues - antes) / CUENTAS;
}

async function main() {
  console.log(
    `bench/sockets — ${CUENTAS} sockets inactivos por servidor, ${RONDAS} rondas; carga al empezar ${carga()} en ${os.cpus().length} núcleos`,
  );
  const app: number[] = [];
  const des: number[] = [];
  for (let r = 0; r < RONDAS; r++) {
    for (const modo of r % 2 ? (['app', 'desnudo'] as const) : (['desnudo', 'app'] as const)) {
      const x = await medir(modo);
      (modo === 'app' ? app : des).push(x);
      console.log(`  ronda ${r + 1} ${modo.padEnd(8)} ${(x / 1024).toFixed(2)} KiB por socket · carga ${carga()}`);
    }
  }
  const ratio = mediana(app) / mediana(des);
  console.log(
    `\n  mediana: MiDuelo ${(mediana(app) / 1024).toFixed(2)} KiB [${(Math.min(...app) / 1024).toFixed(2)} – ${(Math.max(...app) / 1024).toFixed(2)}] · ` +
      `Socket.IO desnudo ${(mediana(des) / 1024).toFixed(2)} KiB [${(Math.min(...des) / 1024).toFixed(2)} – ${(Math.max(...des) / 1024).toFixed(2)}] · ` +
      `${ratio.toFixed(2)} ×   (meta ≤ 1,1 ×: ${ratio <= 1.1 ? 'cumplida' : 'NO cumplida'})`,
  );
  console.log(`  carga al terminar: ${carga()}`);
  process.exit(0);
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
