// What the benchmarks that run servers apart share: a throw-away PostgreSQL database, and a child
// process (a server) started with this process's loader that reports `{ tipo: 'listo', … }` over IPC.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { ResumenGc } from './hijo';
import postgres from 'postgres';
import { banderasNode } from '../../scripts/start.mjs';

/** Creates `<prefijo>_<random>` next to `raiz`; `borrar` drops it (forcing its connections). */
export async function baseDesechable(raiz: string, prefijo: string): Promise<{ url: string; borrar(): Promise<void> }> {
  const nombre = `${prefijo}_${randomBytes(4).toString('hex')}`;
  const a = postgres(raiz, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre}`);
  await a.end();
  const u = new URL(raiz);
  u.pathname = `/${nombre}`;
  return {
    url: u.toString(),
    async borrar() {
      const b = postgres(raiz, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists ${nombre} with (force)`);
      await b.end();
    },
  };
}

/** PostgreSQL's data directory, when this role may read it (a superuser, pg_read_all_settings). */
export async function directorioDeDatos(url: string): Promise<string | null> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [fila] = await sql<{ data_directory: string }[]>`show data_directory`;
    return fila?.data_directory ?? null;
  } catch {
    return null;
  } finally {
    await sql.end();
  }
}

export interface Hijo<T> {
  proceso: ChildProcess;
  datos: T;
}

/** The Node flags MiDuelo's server starts with in production (server/banderas-node.json, decision
 * 246), for the benches' MiDuelo processes; the baselines keep Node's defaults. BENCH_SIN_BANDERAS=1:
 * none (to measure what they change); BENCH_BANDERAS='--a --b': these instead (to measure others). */
export function banderasDelServidor(): string[] {
  if (process.env.BENCH_SIN_BANDERAS === '1') return [];
  if (process.env.BENCH_BANDERAS !== undefined) return banderasDeEntorno('BENCH_BANDERAS');
  return banderasNode;
}

/** Node flags given in an environment variable, separated by spaces (none when it is unset). */
export function banderasDeEntorno(variable: string): string[] {
  return (process.env[variable] ?? '').split(' ').filter(Boolean);
}

/** BENCH_PERFIL=dir: the flags that make a server process write its CPU profile there (node --cpu-prof). */
export function argumentosDePerfil(): string[] {
  const dir = process.env.BENCH_PERFIL;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Forks `ruta` (same loader, plus `execArgv`) and resolves with its `listo` message. */
export function arrancarHijo<T>(ruta: string, env: NodeJS.ProcessEnv, execArgv: string[] = []): Promise<Hijo<T>> {
  const proceso = fork(ruta, [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proceso.once('exit', (code) => reject(new Error(`${ruta} terminó con código ${code}`)));
    proceso.on('message', (m: { tipo?: string } & T) => {
      if (m?.tipo === 'listo') resolve({ proceso, datos: m });
    });
  });
}

/** Asks the child to close (`cerrar`, bench/comun/hijo.ts) and waits for its exit; after 10 s it is killed. */
export async function detenerHijo(proceso: ChildProcess): Promise<void> {
  // The start-up listener (a reject) goes first; removing it after would also remove this wait.
  proceso.removeAllListeners('exit');
  const fin = new Promise((r) => proceso.once('exit', r));
  proceso.send({ tipo: 'cerrar' });
  await Promise.race([fin, new Promise((r) => setTimeout(r, 10_000))]);
  if (proceso.exitCode === null) proceso.kill('SIGKILL');
}

/** The child's event-loop delay (p99 and max, ms) and garbage-collection pauses since the previous
 * ask (it resets both). */
export function pedirRetraso(proceso: ChildProcess): Promise<{ p99: number; max: number; gc: ResumenGc }> {
  return new Promise((resolve) => {
    const oir = (m: { tipo?: string; p99: number; max: number; gc: ResumenGc }) => {
      if (m?.tipo !== 'retraso') return;
      proceso.off('message', oir);
      resolve({ p99: m.p99, max: m.max, gc: m.gc });
    };
    proceso.on('message', oir);
    proceso.send({ tipo: 'retraso' });
  });
}

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ: 100 on every Linux build). */
const TICKS_POR_S = 100;

/** User + system CPU time (ms, every thread) of a process from /proc/<pid>/stat; null off Linux. */
function cpuDeProceso(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): state is field 3,
    // utime field 14 and stime field 15.
    const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / TICKS_POR_S;
  } catch {
    return null;
  }
}

/** Write system calls (write, writev: to sockets, pipes and files) a process made so far, every
 * thread, from /proc/<pid>/io's `syscw`; null off Linux or when not readable. */
function escriturasDeProceso(pid: number): number | null {
  try {
    const m = /^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** CPU time (ms) of each PostgreSQL process of this machine (backends, WAL writer, checkpointer…), by
 * pid: read before and after a window, `cpuEntre` gives what PostgreSQL spent in it. Null off Linux
 * or when PostgreSQL runs elsewhere (no process of it here). */
function cpuDePostgres(): Map<number, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const m = new Map<number, number>();
  for (const d of pids) {
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const c = cpuDeProceso(Number(d));
    if (c !== null) m.set(Number(d), c);
  }
  return m.size > 0 ? m : null;
}

/** CPU time (ms) PostgreSQL spent between two `cpuDePostgres` readings; a process born in between
 * counts whole, one that ended in between is missed. */
function cpuEntre(antes: Map<number, number> | null, despues: Map<number, number> | null): number | null {
  if (!antes || !despues) return null;
  let ms = 0;
  for (const [pid, c] of despues) ms += c - (antes.get(pid) ?? 0);
  return ms;
}

/** The machine's CPU counters (all CPUs, in ticks) from /proc/stat: total and stolen; null off
 * Linux. "Steal" is time a virtual CPU was ready to run but the hypervisor ran someone else. */
function tiemposDeMaquina(): { total: number; robado: number } | null {
  try {
    const linea = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is inside user)
    const v = linea.trim().split(/\s+/).slice(1, 9).map(Number);
    if (v.length < 8 || v.some(Number.isNaN)) return null;
    return { total: v.reduce((a, b) => a + b, 0), robado: v[7] };
  } catch {
    return null;
  }
}

/** CPU time (ms) spent in a measured window by each side of a benchmark, per unit of work. */
export interface CpuDeVentana {
  /** Share of the machine's CPU time stolen by the hypervisor in the window (%; null off Linux):
   * a window with a high figure ran on a slower machine than its neighbours. */
  robo: number | null;
  /** The server process, every thread (null off Linux). */
  servidor: number | null;
  /** Every PostgreSQL process of this machine (null off Linux or when it runs elsewhere). */
  postgres: number | null;
  /** Not CPU: the server process's write system calls (to PostgreSQL, to its clients, to its log)
   * per unit, counted by the kernel (null off Linux). */
  escrituras: number | null;
  /** This process: the load generator. */
  generador: number;
}

/** `robo` of a CPU window as printed by the benches. */
export const roboTexto = (pct: number | null) => (pct === null ? 'n/d' : `${pct.toFixed(1)} %`);

/** Starts a CPU window for the server process `pid`, PostgreSQL and this process; the function it
 * returns ends the window and gives each one's CPU time (ms) divided by `n` (messages, requests). */
export function medirCpu(pid: number): (n: number) => CpuDeVentana {
  const antes = {
    servidor: cpuDeProceso(pid),
    escrituras: escriturasDeProceso(pid),
    postgres: cpuDePostgres(),
    generador: process.cpuUsage(),
    maquina: tiemposDeMaquina(),
  };
  return (n) => {
    const maquina = tiemposDeMaquina();
    const ticks = maquina && antes.maquina ? maquina.total - antes.maquina.total : 0;
    const robo = maquina && antes.maquina && ticks > 0 ? (100 * (maquina.robado - antes.maquina.robado)) / ticks : null;
    const servidor = cpuDeProceso(pid);
    const escrituras = escriturasDeProceso(pid);
    const pg = cpuEntre(antes.postgres, cpuDePostgres());
    const gen = process.cpuUsage(antes.generador);
    return {
      robo,
      servidor: antes.servidor !== null && servidor !== null ? (servidor - antes.servidor) / n : null,
      postgres: pg !== null ? pg / n : null,
      escrituras: antes.escrituras !== null && escrituras !== null ? (escrituras - antes.escrituras) / n : null,
      generador: (gen.user + gen.system) / 1000 / n,
    };
  };
}
