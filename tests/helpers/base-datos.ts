// Each test file gets its own freshly migrated database: a clone of a migrated template on
// PostgreSQL (DATABASE_URL), or an in-memory PGlite loaded from a migrated template otherwise.
import { createHash, randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { abrirDb, type DbHandle, type Tx } from '@miduelo/server/db/client';
import type { SQL } from 'drizzle-orm';
import { filas } from '@miduelo/server/db/filas';
import { abrirPgliteMigrada } from './plantilla-pglite';

/**
 * The migrated template, one per checkout: two checkouts (two worktrees, two branches) running their
 * suites at once on one PostgreSQL would otherwise drop and re-create each other's template.
 */
export const PLANTILLA = `miduelo_plantilla_pruebas_${createHash('sha256')
  .update(import.meta.dirname)
  .digest('hex')
  .slice(0, 8)}`;

export function urlConBase(url: string, base: string): string {
  const u = new URL(url);
  u.pathname = `/${base}`;
  return u.toString();
}

export interface BaseDePrueba {
  handle: DbHandle;
  /** PostgreSQL URL of this file's database (null on PGlite). */
  url: string | null;
  cerrar(): Promise<void>;
}

export async function crearBaseDePrueba(): Promise<BaseDePrueba> {
  const raiz = process.env.DATABASE_URL;
  if (!raiz) {
    const handle = await abrirPgliteMigrada();
    return { handle, url: null, cerrar: () => handle.close() };
  }
  const nombre = `miduelo_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(raiz, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${nombre} template ${PLANTILLA}`);
  await admin.end();
  const url = urlConBase(raiz, nombre);
  const handle = await abrirDb({ databaseUrl: url, dataDir: '', maxConexiones: 30 });
  return {
    handle,
    url,
    async cerrar() {
      await handle.close();
      const a = postgres(raiz, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${nombre} with (force)`);
      await a.end();
    },
  };
}

/** A raw statement's rows as objects, on either driver (postgres.js answers an array, PGlite `{ rows }`). */
export async function consultar(db: Pick<Tx, 'execute'>, q: SQL): Promise<Record<string, unknown>[]> {
  return filas(db, q);
}
