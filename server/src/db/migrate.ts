import { sql as consulta } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { CARPETA_MIGRACIONES } from '../rutas';
import type { DbHandle, DbOrTx } from './client';

// Several server processes may start at once against one PostgreSQL: an advisory lock held on a
// dedicated connection makes them apply the migrations one after another (the demo seed takes the
// same lock: db/seed.ts).
export const LOCK_MIGRACIONES = 7_270_707;

/** Inside a transaction: waits for the migrations' advisory lock and holds it until the transaction
 * ends (start-up work that two nodes starting together must take turns at). */
export async function turnoDeMigraciones(tx: DbOrTx): Promise<void> {
  await tx.execute(consulta`select pg_advisory_xact_lock(${LOCK_MIGRACIONES})`);
}

export async function aplicarMigraciones(handle: DbHandle, databaseUrl: string | null): Promise<void> {
  if (handle.kind === 'pglite' && handle.pglite) {
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder: CARPETA_MIGRACIONES });
    return;
  }
  if (!databaseUrl) throw new Error('databaseUrl requerido para PostgreSQL');
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${LOCK_MIGRACIONES})`;
    await migratePostgres(drizzlePostgres(sql), { migrationsFolder: CARPETA_MIGRACIONES });
    await sql`select pg_advisory_unlock(${LOCK_MIGRACIONES})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
