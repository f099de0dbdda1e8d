import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp(
  async function dbPlugin(app: FastifyInstance, opts: { db: Db }) {
    app.decorate('db', opts.db);
  },
  { name: 'db' },
);

const dialecto = new PgDialect();

/**
 * Rows of a read statement as the driver answers them (objects keyed by column name; dates and
 * times as text, through drizzle's driver set-up), as a NAMED prepared statement on PostgreSQL
 * (decision 221). Drizzle sends every query it does not name with `prepare: false`, so PostgreSQL
 * parses and plans it again on every call; postgres.js keeps one prepared statement per
 * connection and text. On PGlite (and inside a transaction) the statement goes through
 * `execute`. For hot reads whose text is constant; parameters are always bound.
 */
export async function filasPreparadas<T>(db: DbOrTx, consulta: SQL): Promise<T[]> {
  const cliente = (db as { $client?: unknown }).$client;
  // postgres.js's client is a function (the tagged template) with `unsafe`; PGlite's is an object.
  // A transaction runs on its own connection: it never takes this path.
  const unsafe = typeof cliente === 'function' && !(db instanceof PgTransaction) ? (cliente as { unsafe?: unknown }).unsafe : undefined;
  if (typeof unsafe === 'function') {
    const q = dialecto.sqlToQuery(consulta);
    const ejecutar = unsafe as (texto: string, parametros: unknown[], o: { prepare: boolean }) => Promise<unknown[]>;
    return (await ejecutar.call(cliente, q.sql, q.params, { prepare: true })) as T[];
  }
  const r = await db.execute(consulta);
  return (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows) as T[];
}
