// Several nodes for the multi-node tests: real server processes, started with the Docker image's
// command line (node, the flags of server/banderas-node.json, the compiled server/dist/main.mjs)
// sharing one PostgreSQL database and one Redis, started as an operator would, and what those tests
// need around them (is the infrastructure there? a JSON call to one node).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { argumentosDelServidor } from '../../scripts/start.mjs';
import { puertoLibre } from './socket';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SERVIDOR = path.resolve(import.meta.dirname, '../../server');

function puertoAbierto(host: string, puerto: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port: puerto });
    s.setTimeout(1500);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Why a test of one app on Redis cannot run here (null when Redis answers at REDIS_URL). */
export async function motivoSinRedis(): Promise<string | null> {
  const u = new URL(REDIS_URL);
  return (await puertoAbierto(u.hostname, Number(u.port || 6379))) ? null : `Redis no responde en ${REDIS_URL}`;
}

/**
 * Why the nodes cannot run here (null when they can): PostgreSQL at `raizPg` and Redis must answer.
 * Throws under REQUIRE_E2E=1, where skipping would hide a failure; otherwise warns.
 */
export async function motivoParaOmitir(raizPg: string | undefined, queFalta: string, prueba: string): Promise<string | null> {
  let motivo: string | null = null;
  if (!raizPg) motivo = `${queFalta} (dos procesos no pueden compartir PGlite)`;
  else {
    const pg = new URL(raizPg);
    const rd = new URL(REDIS_URL);
    if (!(await puertoAbierto(pg.hostname, Number(pg.port || 5432)))) motivo = `PostgreSQL no responde en ${pg.host}`;
    else if (!(await puertoAbierto(rd.hostname, Number(rd.port || 6379)))) motivo = `Redis no responde en ${rd.host}`;
  }
  if (motivo) {
    if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 pero ${motivo}`);
    console.warn(`${prueba} omitida: ${motivo}`);
  }
  return motivo;
}

export interface Nodo {
  url: string;
  proceso: ChildProcess;
  salida: string[];
}

/** Starts one node and waits until /api/salud answers. Every node of a test gets the same secret and
 * encryption key (one deployment: each must read what another stored). */
export function iniciarNodo(o: { databaseUrl: string; secreto: string; llave: string; prefijoRedis?: string }): Promise<Nodo> {
  return iniciarProceso(process.env, {
    DATABASE_URL: o.databaseUrl,
    REDIS_URL,
    ...(o.prefijoRedis ? { REDIS_PREFIX: o.prefijoRedis } : {}),
    JWT_SECRET: o.secreto,
    ENCRYPTION_KEY: o.llave,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'miduelo-nodo-')),
  });
}

/** Starts the compiled server (the Docker image's command line, decision 394) on a free port, with
 * `base`'s environment, no demo seed and no required second step, then `propias` over them; waits
 * until /api/salud answers. */
export async function iniciarProceso(base: NodeJS.ProcessEnv, propias: Record<string, string>): Promise<Nodo> {
  const puerto = await puertoLibre();
  const salida: string[] = [];
  const proceso = spawn(process.execPath, argumentosDelServidor, {
    cwd: SERVIDOR,
    env: {
      ...base,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      // As in crearAppDePrueba: administrators sign in to test other things (decision 382).
      MFA_OBLIGATORIA: 'ninguna',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...propias,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proceso.stdout?.on('data', (d) => salida.push(String(d)));
  proceso.stderr?.on('data', (d) => salida.push(String(d)));
  const url = `http://127.0.0.1:${puerto}`;
  const limite = Date.now() + 90_000;
  for (;;) {
    if (proceso.exitCode !== null) throw new Error(`el nodo terminó al iniciar: ${salida.join('')}`);
    try {
      if ((await fetch(`${url}/api/salud`)).ok) return { url, proceso, salida };
    } catch {
      // not listening yet
    }
    if (Date.now() > limite) throw new Error(`el nodo no arrancó a tiempo: ${salida.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM (graceful shutdown), SIGKILL if it has not exited after 10 s. */
export async function detener(n: Nodo | undefined): Promise<void> {
  if (!n || n.proceso.exitCode !== null) return;
  const fin = new Promise((r) => n.proceso.once('exit', r));
  n.proceso.kill('SIGTERM');
  await Promise.race([fin, new Promise((r) => setTimeout(r, 10_000))]);
  if (n.proceso.exitCode === null) n.proceso.kill('SIGKILL');
}

/** A JSON call to a node, with the bearer token when given. */
export async function llamar(url: string, metodo: string, ruta: string, token?: string, cuerpo?: unknown) {
  const r = await fetch(`${url}${ruta}`, {
    method: metodo,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(cuerpo ? { 'content-type': 'application/json' } : {}) },
    body: cuerpo ? JSON.stringify(cuerpo) : undefined,
  });
  const texto = await r.text();
  return { status: r.status, body: texto ? JSON.parse(texto) : undefined };
}
