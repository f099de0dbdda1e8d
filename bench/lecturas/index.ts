// bench/lecturas: requests per second of the authenticated list endpoints (patient list, week's
// appointments) through the real server, beside bare Fastify + postgres.js running the same SQL
// with the same parameters, measured with autocannon in the same run, rounds in rotating order,
// median and range. Goal: MiDuelo ≥ 0.8 × the bare server. Prints the load average.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx bench/lecturas/index.ts
// Loopback only; creates and drops its own database; stops by itself.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { banderasDelServidor, type CpuDeVentana, detenerHijo, medirCpu, roboTexto } from '../comun/procesos';
import { mediana } from '../comun/percentil';
import type { Listo } from './servidor';

const DURACION_S = Number(process.env.BENCH_S ?? 4);
const CONEXIONES = Number(process.env.BENCH_CONEXIONES ?? 10);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const DIR = path.dirname(new URL(import.meta.url).pathname);
const pararTodo = setTimeout(() => {
  console.error('bench/lecturas: límite de 10 minutos; se detiene.');
  process.exit(2);
}, 10 * 60_000);

const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

function arrancar(env: NodeJS.ProcessEnv): Promise<{ proceso: ChildProcess; listo: Listo }> {
  const proceso = fork(path.join(DIR, 'servidor.ts'), [], {
    env: { ...process.env, ...env },
    // MiDuelo's server with its production flags; the bare server with Node's defaults.
    execArgv: [...process.execArgv, ...(env.MODO === 'app' ? banderasDelServidor() : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proceso.once('exit', (code) => reject(new Error(`servidor terminó con código ${code}`)));
    proceso.on('message', (m: Listo) => {
      if (m?.tipo === 'listo') resolve({ proceso, listo: m });
    });
  });
}

interface Medida {
  rps: number;
  p99: number;
  errores: number;
  /** CPU time per request (ms) in the measured window: the server process, PostgreSQL, this generator. */
  cpu: CpuDeVentana;
}

async function medir(url: string, pid: number, token?: string): Promise<Medida> {
  const cpu = medirCpu(pid);
  const r = await autocannon({
    url,
    connections: CONEXIONES,
    duration: DURACION_S,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { rps: r.requests.average, p99: r.latency.p99, errores: r.errors + r.non2xx, cpu: cpu(Math.max(1, r.requests.total)) };
}

const us = (ms: number | null) => (ms === null ? 'n/d' : `${(ms * 1000).toFixed(0)} µs`);

async function main() {
  const raiz = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nombre = `${process.env.BENCH_DB_PREFIJO ?? 'bench_lecturas'}_${randomBytes(4).toString('hex')}`;
  const a = postgres(raiz, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre}`);
  await a.end();
  const u = new URL(raiz);
  u.pathname = `/${nombre}`;
  const BENCH_DB_URL = u.toString();
  const procesos: ChildProcess[] = [];
  try {
    console.log(`bench/lecturas — carga al empezar (1 / 5 / 15 min): ${carga()} en ${os.cpus().length} núcleos`);
    const app = await arrancar({ BENCH_DB_URL, MODO: 'app' });
    procesos.push(app.proceso);
    const { consultas, rutas, token } = app.listo;
    if (!consultas || !rutas) throw new Error('sin consultas');
    const desnudo = await arrancar({ BENCH_DB_URL, MODO: 'desnudo', BENCH_CONSULTAS: JSON.stringify(consultas) });
    procesos.push(desnudo.proceso);
    console.log(
      `  ${process.env.BENCH_PACIENTES ?? 200} pacientes, ${process.env.BENCH_CITAS ?? 50} citas en la semana; autocannon ${CONEXIONES} conexiones, ${DURACION_S} s por fase, ${RONDAS} rondas en orden rotatorio`,
    );
    console.log(`  SQL por petición: lista ${consultas.lista.length} sentencia(s), semana ${consultas.semana.length} sentencia(s)`);
    const pidApp = app.proceso.pid ?? 0;
    const pidDesnudo = desnudo.proceso.pid ?? 0;
    const fases = [
      { clave: 'lista-app', nombre: 'MiDuelo lista de pacientes', url: app.listo.url + rutas.lista, token, pid: pidApp },
      { clave: 'lista-desnudo', nombre: 'desnudo lista de pacientes', url: `${desnudo.listo.url}/lista`, pid: pidDesnudo },
      { clave: 'semana-app', nombre: 'MiDuelo citas de la semana', url: app.listo.url + rutas.semana, token, pid: pidApp },
      { clave: 'semana-desnudo', nombre: 'desnudo citas de la semana', url: `${desnudo.listo.url}/semana`, pid: pidDesnudo },
    ];
    // Warm-up (JIT, prepared statements), not counted.
    for (const f of fases)
      await autocannon({
        url: f.url,
        connections: CONEXIONES,
        duration: 1,
        headers: f.token ? { authorization: `Bearer ${f.token}` } : {},
      });
    const res = new Map<string, Medida[]>();
    for (let ronda = 0; ronda < RONDAS; ronda++) {
      for (let i = 0; i < fases.length; i++) {
        const f = fases[(i + ronda) % fases.length];
        const r = await medir(f.url, f.pid, f.token);
        res.set(f.clave, [...(res.get(f.clave) ?? []), r]);
        console.log(
          `  ronda ${ronda + 1} ${f.nombre.padEnd(28)} ${r.rps.toFixed(0).padStart(6)} pet/s · p99 ${r.p99} ms · errores ${r.errores} · CPU por petición: servidor ${us(r.cpu.servidor)}, PostgreSQL ${us(r.cpu.postgres)}, generador ${us(r.cpu.generador)} · carga ${carga()} · robo de CPU ${roboTexto(r.cpu.robo)}`,
        );
      }
    }
    console.log(`\n  mediana de ${RONDAS} rondas [mín – máx]`);
    const med = (k: string) => mediana((res.get(k) ?? []).map((r) => r.rps));
    // CPU per request: what each server costs whatever the load generator and PostgreSQL take from
    // the same cores (req/s on a 2-core machine shares them); the goal is judged on req/s.
    const medCpu = (k: string, campo: 'servidor' | 'postgres' | 'generador') => {
      const xs = (res.get(k) ?? []).map((r) => r.cpu[campo]);
      return xs.some((x) => x === null) ? null : mediana(xs as number[]);
    };
    for (const f of fases) {
      const xs = (res.get(f.clave) ?? []).map((r) => r.rps);
      console.log(
        `  ${f.nombre.padEnd(28)} ${med(f.clave).toFixed(0).padStart(6)} pet/s [${Math.min(...xs).toFixed(0)} – ${Math.max(...xs).toFixed(0)}] · CPU por petición: servidor ${us(medCpu(f.clave, 'servidor'))}, PostgreSQL ${us(medCpu(f.clave, 'postgres'))}, generador ${us(medCpu(f.clave, 'generador'))}`,
      );
    }
    for (const [app_, des, nombre_] of [
      ['lista-app', 'lista-desnudo', 'lista de pacientes'],
      ['semana-app', 'semana-desnudo', 'citas de la semana'],
    ]) {
      const ratio = med(app_) / med(des);
      console.log(`  ${nombre_}: MiDuelo / desnudo = ${ratio.toFixed(2)} ×   (meta ≥ 0,8 ×: ${ratio >= 0.8 ? 'cumplida' : 'NO cumplida'})`);
    }
    console.log(`\n  carga al terminar (1 / 5 / 15 min): ${carga()}`);
  } finally {
    for (const p of procesos) await detenerHijo(p);
    const b = postgres(raiz, { max: 1, onnotice: () => {} });
    await b.unsafe(`drop database if exists ${nombre} with (force)`);
    await b.end();
    clearTimeout(pararTodo);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
