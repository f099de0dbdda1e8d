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
type Unsafe = (texto: string, parametros: unknown[], o: { prepare: boolean }) => Promise<unknown[]>;

/** postgres.js's `unsafe` bound to its client, outside a transaction (a transaction runs on its
 * own connection and never takes it); null on PGlite, whose client is an object. */
function unsafeDe(db: DbOrTx): Unsafe | null {
  const cliente = (db as { $client?: unknown }).$client;
  const unsafe = typeof cliente === 'function' && !(db instanceof PgTransaction) ? (cliente as { unsafe?: unknown }).unsafe : undefined;
  return typeof unsafe === 'function' ? (unsafe.bind(cliente) as Unsafe) : null;
}

export async function filasPreparadas<T>(db: DbOrTx, consulta: SQL): Promise<T[]> {
  const unsafe = unsafeDe(db);
  if (unsafe) {
    const q = dialecto.sqlToQuery(consulta);
    return (await unsafe(q.sql, q.params, { prepare: true })) as T[];
  }
  const r = await db.execute(consulta);
  return (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows) as T[];
}

/**
 * `filasPreparadas` for a statement whose text never changes, written once with $1…$n: on
 * postgres.js the text and the parameters go to the driver as they are, nothing is built per call
 * (the chat send, the hottest write; decision 232). Elsewhere `consulta()` builds the same
 * statement with drizzle.
 */
export async function filasDeSentencia<T>(db: DbOrTx, texto: string, parametros: unknown[], consulta: () => SQL): Promise<T[]> {
  const unsafe = unsafeDe(db);
  if (unsafe) return (await unsafe(texto, parametros, { prepare: true })) as T[];
  return filasPreparadas<T>(db, consulta());
}
