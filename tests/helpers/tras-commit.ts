// The database taken away right after a write commits (decision 298): what the server does next —
// the live notice, and formerly the read that built the answer — meets a database that is gone.
// The answer must still be the write's own, built from what the transaction read or returned.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDePrueba } from './app';
import { hasta } from './fallos';

/**
 * Takes the app's database away: on PostgreSQL through the TCP proxy (`crearAppDePrueba({ porProxy:
 * true })`: every connection reset, new ones refused), on PGlite (in process, no connection to cut)
 * by making every query fail as the PostgreSQL driver fails when the server is unreachable. Answers
 * the function that gives it back.
 */
export function cortarBase(t: AppDePrueba): () => void {
  const proxy = t.proxy;
  if (proxy) {
    proxy.cortar();
    return () => proxy.restaurar();
  }
  const pg = t.base.handle.pglite;
  if (!pg) throw new Error('sin proxy ni PGlite: crea la app con porProxy para poder cortar su base');
  const original = { query: pg.query, transaction: pg.transaction, exec: pg.exec };
  const falla = async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  };
  Object.assign(pg, { query: falla, transaction: falla, exec: falla });
  return () => Object.assign(pg, original);
}

/**
 * Runs `accion` (one request) with the database cut the moment the request's first transaction
 * commits, and given back once `accion` ends. Production code is untouched: the app's
 * `db.transaction` is wrapped for the duration only. Fails the test if no transaction committed
 * (the test would then prove nothing).
 */
export async function conBaseCaidaTrasCommit<T>(t: AppDePrueba, accion: () => Promise<T>): Promise<T> {
  const db = t.app.db;
  const transaction = db.transaction;
  let commits = 0;
  const corte: { restaurar: (() => void) | null } = { restaurar: null };
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    const r = await transaction.apply(db, args);
    commits++;
    corte.restaurar ??= cortarBase(t);
    return r;
  }) as typeof transaction;
  try {
    return await accion();
  } finally {
    db.transaction = transaction;
    if (corte.restaurar) {
      corte.restaurar();
      // Back only once every pooled connection answers again (the cut ones are replaced on use), so
      // that the test's next request reads through the app.
      await hasta(
        () =>
          Promise.all(Array.from({ length: 12 }, () => db.execute(sql`select 1`))).then(
            () => true,
            () => false,
          ),
        15_000,
        'la base de la app responde otra vez',
      );
    }
    expect(commits, 'ninguna transacción llegó a confirmarse').toBeGreaterThan(0);
  }
}
