import type { SQL } from 'drizzle-orm';

/** What `execute` answers for a raw statement: postgres.js an array of rows, PGlite `{ rows }`. */
type Respuesta = unknown[] | { rows?: unknown[] };

/** Anything that runs a raw statement: the database, a transaction. */
export interface Ejecutor {
  execute(consulta: SQL): PromiseLike<unknown>;
}

/**
 * The rows of a raw statement as objects keyed by column name, on either driver. The one place
 * that knows both drivers' answers; `T` is the caller's word for the statement's columns (raw SQL
 * carries no types), written once at the call instead of a cast.
 */
export async function filas<T extends object = Record<string, unknown>>(db: Ejecutor, consulta: SQL): Promise<T[]> {
  return filasDeRespuesta<T>((await db.execute(consulta)) as Respuesta);
}

/** Rows of an answer already received (see `filas`). */
export function filasDeRespuesta<T extends object = Record<string, unknown>>(r: Respuesta): T[] {
  return ((Array.isArray(r) ? r : r.rows) ?? []) as T[];
}
