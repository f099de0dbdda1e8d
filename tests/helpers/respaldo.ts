// The backup tests' tools: `pnpm backup` / `pnpm restore` run as the root package.json says (its
// command, without pnpm's start-up), the SQL a backup's dump restores to, and a server process
// started on a given database and DATA_DIR as an operator would after a restore.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { iniciarProceso, type Nodo } from './nodos';

const RAIZ = path.resolve(import.meta.dirname, '../..');
/** What the parent's environment must not lend a child: each test names its database, folder and keys. */
const AJENAS = ['DATABASE_URL', 'DATA_DIR', 'ENCRYPTION_KEY', 'REDIS_URL', 'REDIS_PREFIX', 'JWT_SECRET', 'NODE_ENV', 'SEED_DEMO'];

function entorno(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of AJENAS) delete base[k];
  return { ...base, ...env };
}

export interface Salida {
  codigo: number;
  salida: string;
  errores: string;
}

function correr(programa: string, args: string[], env: NodeJS.ProcessEnv, cwd = RAIZ): Promise<Salida> {
  return new Promise((resolve, reject) => {
    const h = spawn(programa, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let salida = '';
    let errores = '';
    h.stdout.on('data', (d) => (salida += d));
    h.stderr.on('data', (d) => (errores += d));
    h.on('error', reject);
    h.on('close', (codigo) => resolve({ codigo: codigo ?? 1, salida, errores }));
  });
}

/** `pnpm <script> ...args`: the script's command line from package.json, run with this Node. */
export function script(nombre: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Salida> {
  const scripts = JSON.parse(readFileSync(path.join(RAIZ, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const [programa, ...resto] = scripts[nombre].split(' ');
  if (programa !== 'node') throw new Error(`el script ${nombre} ya no empieza con node: ${scripts[nombre]}`);
  return correr(process.execPath, [...resto, ...args], entorno(env));
}

/** The SQL the archive's PostgreSQL dump restores to (pg_restore to a file, no database). */
export async function sqlDelRespaldo(archivo: string): Promise<Salida> {
  const dir = mkdtempSync(path.join(tmpdir(), 'miduelo-dump-'));
  try {
    const x = await correr('tar', ['-xf', archivo, '-C', dir, 'base.dump'], process.env);
    if (x.codigo !== 0) return x;
    return await correr(process.env.PG_RESTORE || 'pg_restore', ['-f', '-', path.join(dir, 'base.dump')], process.env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server process (the Docker image's command line: compiled bundle) on `env`'s database and
 * DATA_DIR, as an operator starts one after a restore; resolves once /api/salud answers. */
export function iniciarServidor(env: Record<string, string>): Promise<Nodo> {
  return iniciarProceso(entorno({}), env);
}
