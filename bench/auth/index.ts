// bench/auth: login requests per second through the real server (HTTP on loopback, real database)
// against raw argon2id verifications per second, both measured in the server's own process and run.
// Goal (issue 12): login at 2 concurrent ≥ 85 % of raw hashing (a login is one argon2 verify plus a query and a JWT).
//   pnpm exec tsx bench/auth/index.ts            (embedded PGlite)
//   DATABASE_URL=postgres://… pnpm exec tsx bench/auth/index.ts
// The server runs in its own process (bench/auth/servidor.ts), as in production the clients are
// not in the server's event loop; this process is the clients (decision 228).
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { agenteKeepAlive } from '../comun/agente';
import { mediana } from '../comun/percentil';
import {
  argumentosDePerfil,
  arrancarHijo,
  banderasDelServidor,
  baseDesechable,
  type CpuDeVentana,
  detenerHijo,
  medirCpu,
  roboTexto,
} from '../comun/procesos';
import { CONTRASENA, CORREO, porSegundo } from './comun';

const DURACION_MS = Number(process.env.BENCH_MS ?? 3000);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
// Concurrent workers: one per core (each login's database and HTTP round trips leave its core idle
// meanwhile, so this level also measures latency), then four per core (the server kept busy, as
// under real load: the throughput a login route can sustain). Both are printed.
const CONCURRENCIAS = (process.env.BENCH_CONCURRENCIA ?? `${availableParallelism()},${availableParallelism() * 4}`).split(',').map(Number);
const DIR = path.dirname(new URL(import.meta.url).pathname);
const carga = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

// A keep-alive HTTP client, as a browser or the app keeps its connection to the server.
const agente = agenteKeepAlive(64);
function post(url: string, cuerpo: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: agente, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(cuerpo);
  });
}

function crudoEnServidor(proceso: ChildProcess, concurrencia: number): Promise<{ porSegundo: number; hechas: number }> {
  return new Promise((resolve) => {
    const alResponder = (m: { tipo?: string; porSegundo?: number; hechas?: number }) => {
      if (m?.tipo !== 'crudo') return;
      proceso.off('message', alResponder);
      resolve({ porSegundo: m.porSegundo ?? 0, hechas: m.hechas ?? 0 });
    };
    proceso.on('message', alResponder);
    proceso.send({ tipo: 'crudo', concurrencia, ms: DURACION_MS });
  });
}

async function main() {
  const raiz = process.env.DATABASE_URL ?? null;
  const base = raiz ? await baseDesechable(raiz, process.env.BENCH_DB_PREFIJO ?? 'bench_auth') : null;
  // BENCH_PERFIL=dir: a CPU profile of each server process.
  const perfil = argumentosDePerfil();
  const { proceso, datos } = await arrancarHijo<{ url: string; base: string }>(
    path.join(DIR, 'servidor.ts'),
    { BENCH_DB_URL: base?.url ?? '' },
    [...banderasDelServidor(), ...perfil],
  );
  const servidor = { proceso, ...datos };
  // The floor (PostgreSQL only: an embedded PGlite lives in one process and cannot be shared).
  const minimo = base
    ? await arrancarHijo<{ url: string }>(path.join(DIR, 'servidor-minimo.ts'), { BENCH_DB_URL: base.url }, perfil)
    : null;
  const cuerpo = JSON.stringify({ correo: CORREO, contrasena: CONTRASENA });
  const tareaLogin = async () => {
    const status = await post(`${servidor.url}/api/psicologo/iniciar-sesion`, cuerpo);
    if (status !== 200) throw new Error(`login respondió ${status}`);
  };
  const tareaMinima = async () => {
    const status = await post(`${minimo?.datos.url}/login`, cuerpo);
    if (status !== 200) throw new Error(`login mínimo respondió ${status}`);
  };

  console.log(
    `bench/auth — ${servidor.base}, argon2id m=19456 t=2 p=1, servidor en su propio proceso, ${RONDAS} rondas alternadas de ${DURACION_MS} ms; carga al empezar ${carga()}`,
  );
  const ms = (x: number | null) => (x === null ? '—' : `${x.toFixed(2)} ms`);
  const linea = (nombre: string, r: { porSegundo: number; hechas: number }, concurrencia: number, cpu?: CpuDeVentana) =>
    console.log(
      `  ${nombre.padEnd(34)} ${r.porSegundo.toFixed(1).padStart(8)} /s   (${r.hechas} en ${DURACION_MS} ms, concurrencia ${concurrencia})` +
        (cpu
          ? ` · CPU por login: servidor ${ms(cpu.servidor)}, PostgreSQL ${ms(cpu.postgres)}, clientes ${ms(cpu.generador)}, robo de CPU ${roboTexto(cpu.robo)}`
          : ''),
    );
  // CPU per login in the window: the server process (every thread: the hashing ones too), PostgreSQL, these clients.
  const conCpu = async (pid: number | undefined, tarea: () => Promise<void>, concurrencia: number) => {
    const fin = medirCpu(pid ?? 0);
    const r = await porSegundo(tarea, concurrencia, DURACION_MS);
    return { r, cpu: fin(Math.max(r.hechas, 1)) };
  };
  // Alternating rounds, then the median of each: background load hits both sides alike.
  const resumen: string[] = [];
  for (const concurrencia of CONCURRENCIAS) {
    const crudas: number[] = [];
    const logins: number[] = [];
    const minimos: number[] = [];
    for (let i = 0; i < RONDAS; i++) {
      const crudo = await crudoEnServidor(servidor.proceso, concurrencia);
      linea('referencia: argon2id verify crudo', crudo, concurrencia);
      crudas.push(crudo.porSegundo);
      const login = await conCpu(servidor.proceso.pid, tareaLogin, concurrencia);
      linea('POST /api/psicologo/iniciar-sesion', login.r, concurrencia, login.cpu);
      logins.push(login.r.porSegundo);
      if (minimo) {
        const m = await conCpu(minimo.proceso.pid, tareaMinima, concurrencia);
        linea('piso: Fastify + 1 SELECT + verify', m.r, concurrencia, m.cpu);
        minimos.push(m.r.porSegundo);
      }
    }
    const crudo = mediana(crudas);
    const login = mediana(logins);
    const ratio = (login / crudo) * 100;
    const piso = minimos.length ? mediana(minimos) : null;
    resumen.push(
      `  concurrencia ${String(concurrencia).padStart(2)}: hash crudo ${crudo.toFixed(1)} /s · login ${login.toFixed(1)} /s · login / hash crudo ${ratio.toFixed(1)} %   (meta ≥ 85 %: ${ratio >= 85 ? 'cumplida' : 'NO cumplida'})` +
        (piso === null
          ? ''
          : `\n                  piso ${piso.toFixed(1)} /s = ${((piso / crudo) * 100).toFixed(1)} % del hash crudo · login / piso ${((login / piso) * 100).toFixed(1)} %`),
    );
  }
  console.log('  medianas:');
  for (const l of resumen) console.log(l);
  console.log(`  carga al terminar: ${carga()}`);
  await detenerHijo(servidor.proceso);
  if (minimo) await detenerHijo(minimo.proceso);
  agente.destroy();
  await base?.borrar();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
