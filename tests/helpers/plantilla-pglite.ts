// On PGlite (no DATABASE_URL: the runs by hand), every test database starts from a migrated
// template, as on PostgreSQL (global-setup.ts): a fresh PGlite plus the migrations took 7–9 s per
// app on a busy 2-core host, loading the template's dump about 1 s (issue 51's inner loop).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { abrirDb, type DbHandle } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';

const RAIZ = path.resolve(import.meta.dirname, '../..');
/** One template per checkout (two worktrees with different migrations do not share one). */
const PREFIJO = `miduelo-pglite-${createHash('sha256').update(RAIZ).digest('hex').slice(0, 8)}-`;

/** The template is rebuilt when the migrations, the code applying them or PGlite itself change. */
function clave(): string {
  const h = createHash('sha256');
  const migraciones = path.join(RAIZ, 'migrations');
  const archivos = readdirSync(migraciones, { recursive: true, encoding: 'utf8' })
    .map((rel) => path.join(migraciones, rel))
    .filter((a) => /\.(sql|json)$/.test(a))
    .sort();
  const pglite = path.join(RAIZ, 'server/node_modules/@electric-sql/pglite/package.json');
  for (const a of [...archivos, path.join(RAIZ, 'server/src/db/migrate.ts'), pglite]) {
    if (existsSync(a)) h.update(path.relative(RAIZ, a)).update('\0').update(readFileSync(a)).update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

export async function abrirPgliteMigrada(): Promise<DbHandle> {
  const archivo = path.join(tmpdir(), `${PREFIJO}${clave()}.tar`);
  if (existsSync(archivo)) {
    return abrirDb({ databaseUrl: null, dataDir: '', enMemoria: true, desde: new Blob([readFileSync(archivo)]) });
  }
  const handle = await abrirDb({ databaseUrl: null, dataDir: '', enMemoria: true });
  await aplicarMigraciones(handle, null);
  if (handle.pglite) {
    const volcado = await handle.pglite.dumpDataDir('none');
    // Written aside and renamed: a file reading it in parallel never sees half a template. Two
    // workers that both missed it write the same content; the last rename wins.
    const temporal = `${archivo}.${process.pid}.tmp`;
    writeFileSync(temporal, Buffer.from(await volcado.arrayBuffer()));
    renameSync(temporal, archivo);
    for (const viejo of readdirSync(tmpdir())) {
      if (viejo.startsWith(PREFIJO) && viejo.endsWith('.tar') && path.join(tmpdir(), viejo) !== archivo) {
        rmSync(path.join(tmpdir(), viejo), { force: true });
      }
    }
  }
  return handle;
}
