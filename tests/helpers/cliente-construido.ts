// The built client (client/dist) for the test files that read it, built only when they run and
// only when its sources changed: a unit or integration file must not pay a 10-to-40-s Vite build
// (issue 51; before, the global setup built it for every run after any client edit).
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';

const RAIZ = path.resolve(import.meta.dirname, '../..');
const CLIENTE = path.join(RAIZ, 'client');
export const DIST = path.join(CLIENTE, 'dist');

/** Test files that read client/dist besides the browser tests (tests/e2e/): the bundle budget.
 * A new test that reads the build goes here; iniciarE2E (e2e.ts) fails with this hint when the
 * build is missing. */
const LEEN_EL_CLIENTE = ['tests/unit/presupuesto-bundle.test.ts'];

export function necesitaCliente(archivo: string): boolean {
  const rel = path.relative(RAIZ, archivo).split(path.sep).join('/');
  return rel.startsWith('tests/e2e/') || LEEN_EL_CLIENTE.includes(rel);
}

/** What the build is made of: a change to any of these (content, not mtime) means a new build. */
const FUENTES = ['client/src', 'client/app', 'client/public', 'shared/src'];
const ARCHIVOS_SUELTOS = [
  'client/vite.config.ts',
  'client/vite.app.config.ts',
  'client/vite-comun.ts',
  'client/index.html',
  'client/package.json',
  'client/tsconfig.json',
  'pnpm-lock.yaml',
];
/** Written after a complete build; a build by hand (`pnpm build`) empties dist/ and removes it. */
const HUELLA = path.join(DIST, '.vite/huella-fuentes.txt');

function listar(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((rel) => path.join(dir, rel))
    .filter((p) => statSync(p).isFile());
}

/** sha256 over every source's path and content: touching a file or checking out the same content
 * again rebuilds nothing; a build interrupted or overtaken by an edit leaves a stale fingerprint. */
export function huellaFuentes(): string {
  const h = createHash('sha256');
  const archivos = [...FUENTES.flatMap((d) => listar(path.join(RAIZ, d))), ...ARCHIVOS_SUELTOS.map((a) => path.join(RAIZ, a))]
    .filter((a) => existsSync(a))
    .sort();
  for (const a of archivos) h.update(path.relative(RAIZ, a)).update('\0').update(readFileSync(a)).update('\0');
  return h.digest('hex');
}

function alDia(huella: string): boolean {
  return existsSync(path.join(DIST, 'index.html')) && existsSync(HUELLA) && readFileSync(HUELLA, 'utf8').trim() === huella;
}

/** One build at a time per checkout, across vitest processes too (two runs started together would
 * both write client/dist). A lock file holding the builder's pid; a dead builder's lock is taken over.
 * Not /tmp/miduelo-e2e.lock: runs are started under that one (flock), which would deadlock. */
const CERROJO = path.join(tmpdir(), `miduelo-construccion-${createHash('sha256').update(RAIZ).digest('hex').slice(0, 8)}.lock`);

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function conCerrojo<T>(f: () => T): Promise<T> {
  const limite = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      const fd = openSync(CERROJO, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid: number;
      let edadMs: number;
      try {
        pid = Number(readFileSync(CERROJO, 'utf8').trim());
        edadMs = Date.now() - statSync(CERROJO).mtimeMs;
      } catch {
        continue; // released in between: try again
      }
      // An empty file is a builder between creating and writing it, unless it has been so for long.
      const huerfano = pid ? !vivo(pid) : edadMs > 10_000;
      if (huerfano) rmSync(CERROJO, { force: true });
      else if (Date.now() > limite) throw new Error(`client/dist: otro proceso (pid ${pid}) lleva 15 min construyendo (${CERROJO})`);
      else await esperar(250);
    }
  }
  try {
    return f();
  } finally {
    rmSync(CERROJO, { force: true });
  }
}

/** Builds client/dist (web, then the patient's app) unless it was built from these very sources. */
export async function asegurarCliente(): Promise<void> {
  if (alDia(huellaFuentes())) return;
  await conCerrojo(() => {
    // Computed again under the lock: another process may have built it while this one waited.
    const huella = huellaFuentes();
    if (alDia(huella)) return;
    const inicio = Date.now();
    // NODE_ENV is the production one: vitest sets `test`, which would give React's development
    // build, not the one users download.
    execSync('pnpm --filter @miduelo/client build', { cwd: RAIZ, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    mkdirSync(path.dirname(HUELLA), { recursive: true });
    writeFileSync(HUELLA, `${huella}\n`);
    console.log(
      `client/dist construido en ${((Date.now() - inicio) / 1000).toFixed(1)} s (lo leen las pruebas de navegador y de presupuesto)`,
    );
  });
}
