// Start time and memory of the production server process (issue 57): the server as it ran until
// now, TypeScript through tsx (`node --import tsx server/src/main.ts`, the baseline), beside the same
// server compiled ahead of time (`node server/dist/main.mjs`, server/compilar.mjs), both with the
// production Node flags (server/banderas-node.json) and NODE_ENV=production, alternating round by
// round in this one run. See README.md beside this file.
//   pnpm exec tsx bench/arranque/index.ts
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compilarServidor } from '../../server/compilar.mjs';
import { mediana } from '../comun/percentil';
import { banderasDelServidor, baseDesechable } from '../comun/procesos';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const RONDAS = Number(process.env.BENCH_RONDAS ?? 7);
const PETICIONES = Number(process.env.BENCH_PETICIONES ?? 200);

interface Variante {
  nombre: string;
  args: string[];
}
const VARIANTES: Variante[] = [
  { nombre: 'tsx (referencia)', args: ['--import', 'tsx', 'src/main.ts'] },
  { nombre: 'compilado', args: ['--enable-source-maps', 'dist/main.mjs'] },
];

interface Medida {
  listoMs: number;
  rssListoMb: number;
  rssTrasPeticionesMb: number;
  procesos: number;
}

/** Resident memory (MB) of a process and every descendant (tsx may run helpers), from /proc. */
function rssDelArbol(raiz: number): { mb: number; procesos: number } {
  const hijos = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      hijos.set(ppid, [...(hijos.get(ppid) ?? []), Number(d)]);
    } catch {
      // The process ended while listing.
    }
  }
  let kb = 0;
  let procesos = 0;
  const pendientes = [raiz];
  while (pendientes.length > 0) {
    const pid = pendientes.pop() as number;
    try {
      const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += Number(m?.[1] ?? 0);
      procesos++;
    } catch {
      continue;
    }
    pendientes.push(...(hijos.get(pid) ?? []));
  }
  return { mb: kb / 1024, procesos };
}

/** Starts one server and resolves, with its port, when it prints that it is ready. */
function arrancar(v: Variante, env: NodeJS.ProcessEnv): Promise<{ proceso: ChildProcess; puerto: number; ms: number }> {
  const t0 = performance.now();
  const proceso = spawn(process.execPath, [...banderasDelServidor(), ...v.args], {
    cwd: path.join(RAIZ, 'server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  return new Promise((resolve, reject) => {
    proceso.once('exit', (c) => reject(new Error(`${v.nombre} terminó con código ${c}:\n${salida}`)));
    const oir = (b: Buffer) => {
      salida += b.toString();
      const m = /listo en http:\/\/[^:]+:(\d+)/.exec(salida);
      if (m) {
        proceso.stdout?.off('data', oir);
        resolve({ proceso, puerto: Number(m[1]), ms: performance.now() - t0 });
      }
    };
    proceso.stdout?.on('data', oir);
    proceso.stderr?.on('data', (b: Buffer) => {
      salida += b.toString();
    });
  });
}

async function detener(proceso: ChildProcess) {
  proceso.removeAllListeners('exit');
  const fin = new Promise((r) => proceso.once('exit', r));
  proceso.kill('SIGTERM');
  await fin;
}

async function medir(v: Variante, env: NodeJS.ProcessEnv): Promise<Medida> {
  const { proceso, puerto, ms } = await arrancar(v, env);
  const pid = proceso.pid as number;
  const listo = rssDelArbol(pid);
  // A first working set: the health check, the public configuration and a refused login, each
  // through routing, validation, the database and serialisation.
  for (let i = 0; i < PETICIONES; i++) {
    const ruta = ['/api/salud/listo', '/api/config-publica', '/api/psicologo/iniciar-sesion'][i % 3];
    const r = await fetch(`http://127.0.0.1:${puerto}${ruta}`, {
      method: ruta.endsWith('sesion') ? 'POST' : 'GET',
      headers: ruta.endsWith('sesion') ? { 'content-type': 'application/json' } : {},
      body: ruta.endsWith('sesion') ? JSON.stringify({ correo: 'nadie@ejemplo.mx', contrasena: 'x' }) : undefined,
    });
    await r.arrayBuffer();
  }
  const tras = rssDelArbol(pid);
  await detener(proceso);
  return { listoMs: ms, rssListoMb: listo.mb, rssTrasPeticionesMb: tras.mb, procesos: listo.procesos };
}

async function main() {
  const t0 = performance.now();
  await compilarServidor();
  console.log(`Compilación del servidor (esbuild): ${Math.round(performance.now() - t0)} ms`);
  const raizPg = process.env.DATABASE_URL;
  const base = raizPg ? await baseDesechable(raizPg, 'bench_arranque') : null;
  const datos = mkdtempSync(path.join(tmpdir(), 'miduelo-arranque-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: datos,
    JWT_SECRET: randomBytes(48).toString('base64'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PUBLIC_URL: 'http://127.0.0.1',
    MFA_OBLIGATORIA: 'ninguna',
    ...(base ? { DATABASE_URL: base.url } : {}),
  };
  try {
    // One start of each, unmeasured: the migrations and the demo seed, the OS's file cache.
    for (const v of VARIANTES) await medir(v, env);
    const medidas = new Map<string, Medida[]>(VARIANTES.map((v) => [v.nombre, []]));
    for (let r = 0; r < RONDAS; r++) {
      const orden = r % 2 === 0 ? VARIANTES : [...VARIANTES].reverse();
      for (const v of orden) medidas.get(v.nombre)?.push(await medir(v, env));
    }
    const fila = (v: Variante) => {
      const ms = medidas.get(v.nombre) ?? [];
      return {
        listoMs: mediana(ms.map((m) => m.listoMs)),
        rssListoMb: mediana(ms.map((m) => m.rssListoMb)),
        rssTrasPeticionesMb: mediana(ms.map((m) => m.rssTrasPeticionesMb)),
        procesos: Math.max(...ms.map((m) => m.procesos)),
      };
    };
    const [ref, comp] = VARIANTES.map(fila);
    console.log(`\nBase de datos: ${base ? 'PostgreSQL' : 'PGlite embebida'} · ${RONDAS} rondas alternadas · medianas`);
    for (const [v, f] of [
      [VARIANTES[0], ref],
      [VARIANTES[1], comp],
    ] as const) {
      console.log(
        `  ${v.nombre.padEnd(18)} listo en ${f.listoMs.toFixed(0).padStart(5)} ms · RSS al estar listo ${f.rssListoMb.toFixed(1)} MB · tras ${PETICIONES} peticiones ${f.rssTrasPeticionesMb.toFixed(1)} MB · procesos ${f.procesos}`,
      );
    }
    console.log(
      `  compilado / tsx: arranque ${(comp.listoMs / ref.listoMs).toFixed(2)}× · RSS listo ${(comp.rssListoMb / ref.rssListoMb).toFixed(2)}× · RSS tras peticiones ${(comp.rssTrasPeticionesMb / ref.rssTrasPeticionesMb).toFixed(2)}×`,
    );
  } finally {
    await base?.borrar();
    rmSync(datos, { recursive: true, force: true });
  }
}

await main();
