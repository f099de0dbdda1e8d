// bench/foros: fan-out of forum posts. N sockets read one topic (default 300, BENCH_LECTORES up to
// 1,000) while posts arrive at 50/s; each post must reach every reader. Latency per delivery, from
// the moment the publisher sends to the moment a reader receives it: p50/p99/max, lost and
// duplicated, beside a bare Socket.IO broadcast to a room of the same size at the same rate, in the
// same run, each server in its own process. Prints the load average (the machine is shared).
//   pnpm exec tsx bench/foros/index.ts
//   BENCH_LECTORES=1000 BENCH_MS=10000 pnpm exec tsx bench/foros/index.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx bench/foros/index.ts
// Loopback only; the demo data in a throw-away DATA_DIR (embedded PGlite) or a throw-away database
// on DATABASE_URL's server (dropped at the end); bounded; stops by itself.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { banderasDelServidor, baseDesechable } from '../comun/procesos';
import { percentil } from '../comun/percentil';
import { io, type Socket } from 'socket.io-client';

const LECTORES = Number(process.env.BENCH_LECTORES ?? 300);
const TASA = Number(process.env.BENCH_TASA ?? 50);
const DURACION_MS = Number(process.env.BENCH_MS ?? 10_000);
const GRACIA_MS = 10_000;
const LIMITE_TOTAL_MS = 5 * 60_000;
const DIR = path.dirname(new URL(import.meta.url).pathname);
const RAIZ = path.resolve(DIR, '../..');

const pararTodo = setTimeout(() => {
  console.error(`bench/foros: se alcanzó el límite de ${LIMITE_TOTAL_MS / 60_000} minutos; se detiene.`);
  process.exit(2);
}, LIMITE_TOTAL_MS);

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Resultado {
  nombre: string;
  latencias: number[];
  esperadas: number;
  duplicadas: number;
  fallidos: number;
  retrasoGenerador: number;
}

/** Open loop: one publication every 1000/TASA ms whatever the previous answer's delay. */
async function medir(
  nombre: string,
  lectores: Socket[],
  publicar: (id: string) => Promise<boolean>,
  idDe: (p: unknown) => string | undefined,
): Promise<Resultado> {
  const enviados = new Map<string, number>();
  const vistos = lectores.map(() => new Set<string>());
  const latencias: number[] = [];
  let duplicadas = 0;
  let fallidos = 0;
  lectores.forEach((s, i) => {
    s.on('foro:mensaje', (p: unknown) => {
      const id = idDe(p);
      const t0 = id === undefined ? undefined : enviados.get(id);
      if (id === undefined || t0 === undefined) return;
      if (vistos[i].has(id)) {
        duplicadas += 1;
        return;
      }
      vistos[i].add(id);
      latencias.push(performance.now() - t0);
    });
  });
  const retraso = monitorEventLoopDelay({ resolution: 5 });
  retraso.enable();
  const total = Math.round((TASA * DURACION_MS) / 1000);
  const inicio = performance.now();
  const pendientes: Promise<void>[] = [];
  for (let n = 0; n < total; n++) {
    const objetivo = inicio + (n * 1000) / TASA;
    const falta = objetivo - performance.now();
    if (falta > 0) await esperar(falta);
    const id = `b${n.toString(36)}x${Math.random().toString(36).slice(2, 10)}`;
    enviados.set(id, performance.now());
    pendientes.push(
      publicar(id).then(
        (ok) => {
          if (!ok) fallidos += 1;
        },
        () => {
          fallidos += 1;
        },
      ),
    );
  }
  await Promise.all(pendientes);
  const esperadas = (total - fallidos) * lectores.length;
  const fin = Date.now() + GRACIA_MS;
  while (latencias.length < esperadas && Date.now() < fin) await esperar(50);
  retraso.disable();
  for (const s of lectores) s.off('foro:mensaje');
  return { nombre, latencias, esperadas, duplicadas, fallidos, retrasoGenerador: retraso.percentile(99) / 1e6 };
}

async function conectar(url: string, auth: Record<string, unknown>, n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches: a thousand simultaneous handshakes would measure the handshake, not the fan-out.
  for (let i = 0; i < n; i += 50) {
    const lote = Array.from({ length: Math.min(50, n - i) }, () =>
      io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true }),
    );
    await Promise.all(
      lote.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    sockets.push(...lote);
  }
  return sockets;
}

function fila(r: Resultado, base?: Resultado) {
  const o = [...r.latencias].sort((a, b) => a - b);
  const p50 = percentil(o, 50);
  const p99 = percentil(o, 99);
  const perdidas = r.esperadas - r.latencias.length;
  const veces = base
    ? ` (${(
        p99 /
          percentil(
            [...base.latencias].sort((a, b) => a - b),
            99,
          )
      ).toFixed(1)} × base)`
    : '';
  console.log(
    `${r.nombre.padEnd(38)} p50 ${p50.toFixed(1)} ms · p99 ${p99.toFixed(1)} ms${veces} · max ${(o.at(-1) ?? Number.NaN).toFixed(1)} ms · ` +
      `entregas ${r.latencias.length}/${r.esperadas} · perdidas ${perdidas} · duplicadas ${r.duplicadas} · publicaciones fallidas ${r.fallidos} · ` +
      `retraso del generador p99 ${r.retrasoGenerador.toFixed(1)} ms`,
  );
}

// ---------------------------------------------------------------- baseline

async function fase_base(): Promise<Resultado> {
  const proceso = fork(path.join(DIR, 'servidor-base.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve) =>
    proceso.on('message', (m: { tipo?: string; url?: string }) => m.tipo === 'listo' && resolve(m.url ?? '')),
  );
  try {
    const lectores = await conectar(url, {}, LECTORES);
    await Promise.all(lectores.map((s) => s.timeout(10_000).emitWithAck('unirse', {})));
    const [pub] = await conectar(url, {}, 1);
    const r = await medir(
      'Socket.IO desnudo (referencia)',
      lectores,
      async (id) => {
        pub.emit('publicar', { id_cliente: id });
        return true;
      },
      (p) => (p as { mensaje?: { id_cliente?: string } }).mensaje?.id_cliente,
    );
    for (const s of [...lectores, pub]) s.close();
    return r;
  } finally {
    proceso.send({ tipo: 'cerrar' });
  }
}

// ---------------------------------------------------------------- MiDuelo

/** The server under test runs on its own embedded database: no DATABASE_URL or REDIS_URL of the caller. */
function sinBaseExterna(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, REDIS_URL: _r, ...resto } = process.env;
  return resto;
}

/** With DATABASE_URL: a throw-away database on that server (dropped at the end); else PGlite. */
async function baseDeDatos(): Promise<{ url: string | null; borrar: () => Promise<void> }> {
  const raiz = process.env.DATABASE_URL;
  return raiz ? baseDesechable(raiz, 'bench_foros') : { url: null, borrar: async () => {} };
}

async function arrancarMiDuelo(): Promise<{ url: string; proceso: ChildProcess; dir: string; borrar: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-foros-'));
  const bd = await baseDeDatos();
  const puerto = 20_000 + Math.floor(Math.random() * 20_000);
  // Started as the Docker image starts it: node with the server's flags (decision 246), tsx, main.ts.
  const proceso = spawn(process.execPath, [...banderasDelServidor(), '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(RAIZ, 'server'),
    env: {
      ...sinBaseExterna(),
      ...(bd.url ? { DATABASE_URL: bd.url } : {}),
      PORT: String(puerto),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // The fan-out is measured, not the per-account posting limit (decision 163): one author posts 50/s.
      FORO_PUBLICACIONES_POR_MINUTO: '999999',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${puerto}`;
  const fin = Date.now() + 120_000;
  for (;;) {
    if (proceso.exitCode !== null) throw new Error('el servidor terminó al iniciar');
    try {
      if ((await fetch(`${url}/api/salud`)).ok) return { url, proceso, dir, borrar: bd.borrar };
    } catch {
      // not listening yet
    }
    if (Date.now() > fin) throw new Error('el servidor no arrancó a tiempo');
    await esperar(250);
  }
}

async function json(url: string, init: RequestInit = {}) {
  const r = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  return { status: r.status, body: (await r.json()) as unknown };
}

async function fase_miduelo(): Promise<Resultado> {
  const srv = await arrancarMiDuelo();
  try {
    const login = await json(`${srv.url}/api/psicologo/iniciar-sesion`, {
      method: 'POST',
      body: JSON.stringify({ correo: 'psicologa@miduelo.mx', contrasena: 'MiDuelo#2025' }),
    });
    const token = (login.body as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    // A fresh public topic of the demo psychologist's forum (she is its admin).
    const foros = await json(`${srv.url}/api/foros?publico=true`, { headers: auth });
    const foro = (foros.body as unknown as { data: { id_foro: number; rol_usuario: string | null }[] }).data.find(
      (f) => f.rol_usuario === 'admin',
    );
    if (!foro) throw new Error('no se encontró el foro de demostración');
    const tema = await json(`${srv.url}/api/foros/${foro.id_foro}/temas`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ titulo: 'Tema del benchmark' }),
    });
    const idTema = (tema.body as unknown as { data: { id_tema: number } }).data.id_tema;
    // Readers: signed-in sockets that opened the topic (the read check of every join).
    const lectores = await conectar(srv.url, { token }, LECTORES);
    const uniones = await Promise.all(
      lectores.map((s) => s.timeout(20_000).emitWithAck('foro:tema:unirse', { id_tema: idTema, despues_de: 0 })),
    );
    if (uniones.some((u: { ok: boolean }) => !u.ok)) throw new Error('un lector no pudo abrir el tema');
    const r = await medir(
      'MiDuelo POST /temas/{id}/mensajes → foro:mensaje',
      lectores,
      async (id) => {
        const res = await fetch(`${srv.url}/api/foros/temas/${idTema}/mensajes`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ contenido: `Mensaje ${id}`, id_cliente: id }),
        });
        await res.arrayBuffer();
        return res.status === 201;
      },
      (p) => (p as { mensaje?: { id_cliente?: string | null } }).mensaje?.id_cliente ?? undefined,
    );
    for (const s of lectores) s.close();
    return r;
  } finally {
    srv.proceso.kill('SIGTERM');
    await new Promise((r) => srv.proceso.once('exit', r));
    rmSync(srv.dir, { recursive: true, force: true });
    await srv.borrar();
  }
}

console.log(
  `bench/foros (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${LECTORES} lectores de un tema, ${TASA} publicaciones/s durante ${DURACION_MS / 1000} s ` +
    `(${Math.round((TASA * DURACION_MS) / 1000) * LECTORES} entregas por fase). Carga media antes: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')}`,
);
const base = await fase_base();
const miduelo = await fase_miduelo();
fila(base);
fila(miduelo, base);
console.log(
  `Carga media después: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min; ${os.cpus().length} núcleos compartidos)`,
);
clearTimeout(pararTodo);
process.exit(0);
