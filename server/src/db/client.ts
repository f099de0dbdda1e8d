import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { schema } from './schema/index';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** True when the embedded database had no tables before this start. */
  close(): Promise<void>;
  /** Runs raw SQL (maintenance, advisory locks); not for request handling. */
  pglite?: PGlite;
  sql?: postgres.Sql;
}

interface AbrirDbOpciones {
  databaseUrl: string | null;
  dataDir: string;
  /** PGlite only: keep the database in memory (tests). */
  enMemoria?: boolean;
  /** PGlite only: start from this dump of a data directory (PGlite's dumpDataDir), as the tests start
   * from a migrated template: loading one takes about a second, creating and migrating one about eight. */
  desde?: Blob;
  maxConexiones?: number;
}

export async function abrirDb(o: AbrirDbOpciones): Promise<DbHandle> {
  if (o.databaseUrl) {
    const sql = postgres(o.databaseUrl, {
      max: o.maxConexiones ?? 10,
      onnotice: () => {},
      connect_timeout: 10,
      // postgres.js's default waits up to 20 s between reconnection attempts, counted across the
      // whole pool: after a 3-s outage queries waited 10–20 s. Retry quickly, at most every second.
      backoff: (intentos: number) => Math.min(0.05 * 2 ** intentos, 1),
    });
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    return { db, kind: 'postgres', sql, close: () => sql.end({ timeout: 5 }) };
  }
  let dir: string | undefined;
  if (!o.enMemoria) {
    dir = path.join(o.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = o.desde ? new PGlite({ dataDir: dir, loadDataDir: o.desde }) : new PGlite(dir);
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}
