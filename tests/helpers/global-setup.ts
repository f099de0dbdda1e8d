import { execSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { PLANTILLA, urlConBase } from './base-datos';
import { chromiumDisponible } from './navegador';

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
  // Browser tests drive the built client: build it when it is missing or older than its sources.
  if (chromiumDisponible() || process.env.REQUIRE_E2E === '1') {
    const dist = path.join(RAIZ, 'client/dist/index.html');
    const fuentes = Math.max(masReciente(path.join(RAIZ, 'client/src')), masReciente(path.join(RAIZ, 'shared/src')));
    if (!existsSync(dist) || statSync(dist).mtimeMs < fuentes) {
      execSync('pnpm --filter @miduelo/client build', { cwd: RAIZ, stdio: 'inherit' });
    }
  }
}
