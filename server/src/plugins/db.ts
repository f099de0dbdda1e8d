import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type SQL, sql } from 'drizzle-orm';
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

interface ClientePostgres {
  unsafe(texto: string, parametros: unknown[], o: { prepare: boolean }): Promise<unknown[]>;
}

/** The postgres.js client under `db`, outside a transaction (a transaction runs on its own
 * connection and never takes it); null on PGlite, whose client is an object without `unsafe`. */
function clientePostgres(db: DbOrTx): ClientePostgres | null {
  const cliente = (db as { $client?: unknown }).$client;
  if (typeof cliente !== 'function' || db instanceof PgTransaction) return null;
  return typeof (cliente as { unsafe?: unknown }).unsafe === 'function' ? (cliente as unknown as ClientePostgres) : null;
}

/**
 * Rows of a read statement as the driver answers them (objects keyed by column name; dates and
 * times as text, through drizzle's driver set-up), as a NAMED prepared statement on PostgreSQL
 * (decision 221). Drizzle sends every query it does not name with `prepare: false`, so PostgreSQL
 * parses and plans it again on every call; postgres.js keeps one prepared statement per
 * connection and text. On PGlite (and inside a transaction) the statement goes through
 * `execute`. For hot reads whose text is constant; parameters are always bound.
 */
export async function filasPreparadas<T>(db: DbOrTx, consulta: SQL): Promise<T[]> {
  const pg = clientePostgres(db);
  if (pg) {
    const q = dialecto.sqlToQuery(consulta);
    return (await pg.unsafe(q.sql, q.params, { prepare: true })) as T[];
  }
  const r = await db.execute(consulta);
  return (Array.isArray(r) ? r : (r as unknown as { rows: unknown[] }).rows) as T[];
}

/**
 * `filasPreparadas` for a statement whose text never changes, written once with $1…$n: on
 * postgres.js the text and the parameters go to the driver as they are, nothing is built per call
 * (the chat send, the hottest write; decision 232). Elsewhere (PGlite, a transaction) the same text
 * and parameters become a drizzle statement.
 */
export async function filasDeSentencia<T>(db: DbOrTx, texto: string, parametros: readonly unknown[]): Promise<T[]> {
  const pg = clientePostgres(db);
  if (pg) return (await pg.unsafe(texto, parametros as unknown[], { prepare: true })) as T[];
  // "…$1…$2…" splits into text, "1", text, "2", text: odd places are parameter numbers.
  const partes = texto.split(/\$(\d+)/);
  return filasPreparadas<T>(db, sql.join(partes.map((x, i) => (i % 2 ? sql`${parametros[Number(x) - 1]}` : sql.raw(x)))));
}
