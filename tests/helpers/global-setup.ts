import { execSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { PLANTILLA, urlConBase } from './base-datos';

const RAIZ = path.resolve(import.meta.dirname, '../..');

function masReciente(dir: string): number {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? masReciente(p) : statSync(p).mtimeMs);
  }
  return max;
}

export default async function setup() {
  const raiz = process.env.DATABASE_URL;
  if (raiz) {
    const admin = postgres(raiz, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${PLANTILLA} with (force)`);
    await admin.unsafe(`create database ${PLANTILLA}`);
    const handle = await abrirDb({ databaseUrl: urlConBase(raiz, PLANTILLA), dataDir: '' });
    await aplicarMigraciones(handle, urlConBase(raiz, PLANTILLA));
    await handle.close();
    await admin.end();
  }
  // Browser tests and the bundle budget (tests/unit/presupuesto-bundle.test.ts) read the built client:
  // build it when it is missing or older than its sources. NODE_ENV is the production one: vitest sets
  // `test`, which would give React's development build, not the one users download.
  const cliente = path.join(RAIZ, 'client');
  // The patient's app is built second (client/vite.app.config.ts): its manifest is the newest.
  const manifiesto = path.join(cliente, 'dist/.vite/manifest-app.json');
  const fuentes = Math.max(
    masReciente(path.join(cliente, 'src')),
    masReciente(path.join(RAIZ, 'shared/src')),
    masReciente(path.join(cliente, 'app')),
    masReciente(path.join(cliente, 'public')),
    statSync(path.join(cliente, 'vite.config.ts')).mtimeMs,
    statSync(path.join(cliente, 'vite.app.config.ts')).mtimeMs,
    statSync(path.join(cliente, 'vite-comun.ts')).mtimeMs,
    statSync(path.join(cliente, 'index.html')).mtimeMs,
  );
  if (!existsSync(manifiesto) || statSync(manifiesto).mtimeMs < fuentes) {
    execSync('pnpm --filter @miduelo/client build', { cwd: RAIZ, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
