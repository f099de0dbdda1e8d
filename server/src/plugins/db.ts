import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import { filas } from '../db/filas';

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

/** What `values()` answers: the rows as arrays, and the statement's columns. */
type Valores = unknown[][] & { columns?: readonly { name: string }[] };

interface ClientePostgres {
  unsafe(texto: string, parametros: unknown[], o: { prepare: boolean }): { values(): Promise<Valores> };
}

type Constructor = (valores: unknown[]) => Record<string, unknown>;
/** One constructor per column list (a statement's): its rows share one shape. */
const constructores = new Map<string, Constructor>();

function constructorDe(columnas: readonly { name: string }[]): Constructor {
  const clave = columnas.map((c) => c.name).join('\u0000');
  let f = constructores.get(clave);
  if (!f) {
    // Column names come from our own statements; JSON.stringify quotes them as property keys (a
    // repeated name keeps the last value, as the driver's objects did). `__proto__` as a literal
    // key would set the prototype: that one is a computed key.
    const campos = columnas
      .map((c, i) => {
        const nombre = JSON.stringify(c.name);
        return `${c.name === '__proto__' ? `[${nombre}]` : nombre}: v[${i}]`;
      })
      .join(', ');
    f = new Function('v', `return { ${campos} };`) as Constructor;
    constructores.set(clave, f);
  }
  return f;
}

/**
 * A prepared statement's rows as objects built by one object literal per column list. The
 * driver's own row objects (an empty object filled column by column) cost the list reads a fifth
 * of their CPU in garbage collection: read from JavaScript, they outlived the young generation's
 * collections and were promoted (scavenges of ~10 ms against ~1 ms; decision 237). Arrays from
 * `values()`, turned into literal-built objects, die young.
 */
async function filasDelCliente<T>(pg: ClientePostgres, texto: string, parametros: unknown[], preparar = true): Promise<T[]> {
  const valores = await pg.unsafe(texto, parametros, { prepare: preparar }).values();
  if (valores.length === 0 || !valores.columns) return [];
  const construir = constructorDe(valores.columns);
  const filas = new Array<T>(valores.length);
  for (let i = 0; i < valores.length; i++) filas[i] = construir(valores[i]) as T;
  return filas;
}

/** The postgres.js client under `db`, outside a transaction (a transaction runs on its own
 * connection and never takes it); null on PGlite, whose client is an object without `unsafe`. */
function clientePostgres(db: DbOrTx): ClientePostgres | null {
  return db instanceof PgTransaction ? null : comoClientePostgres((db as { $client?: unknown }).$client);
}

/** The postgres.js client a statement on `db` runs on: the pool's, or inside a transaction on
 * postgres.js the transaction's own (its connection, reserved until COMMIT); null on PGlite. */
function clienteDeSentencia(db: DbOrTx): ClientePostgres | null {
  if (!(db instanceof PgTransaction)) return clientePostgres(db);
  return comoClientePostgres((db as unknown as { session?: { client?: unknown } }).session?.client);
}

/** A postgres.js client (a function with `unsafe`), or null (PGlite's clients are objects). */
function comoClientePostgres(cliente: unknown): ClientePostgres | null {
  if (typeof cliente !== 'function') return null;
  return typeof (cliente as { unsafe?: unknown }).unsafe === 'function' ? (cliente as unknown as ClientePostgres) : null;
}

/**
 * Rows of a read statement as objects keyed by column name, with the driver's values (dates and
 * times as text, through drizzle's driver set-up; built from its arrays, decision 237), as a NAMED
 * prepared statement on PostgreSQL (decision 221). Drizzle sends every query it does not name
 * with `prepare: false`, so PostgreSQL parses and plans it again on every call; postgres.js keeps
 * one prepared statement per connection and text. On PGlite (and inside a transaction) the
 * statement goes through `execute`. For hot reads whose text is constant; parameters are always
 * bound.
 */
export async function filasPreparadas<T>(db: DbOrTx, consulta: SQL): Promise<T[]> {
  const pg = clientePostgres(db);
  if (pg) {
    const q = dialecto.sqlToQuery(consulta);
    return filasDelCliente<T>(pg, q.sql, q.params);
  }
  return filas<T & object>(db, consulta);
}

/**
 * `filasPreparadas` for a statement whose text never changes, written once with $1…$n: on
 * postgres.js the text and the parameters go to the driver as they are, nothing is built per call
 * (the chat send, the hottest write; decision 232). Elsewhere (PGlite, a transaction) the same text
 * and parameters become a drizzle statement.
 */
export async function filasDeSentencia<T>(db: DbOrTx, texto: string, parametros: readonly unknown[]): Promise<T[]> {
  const pg = clientePostgres(db);
  if (pg) return filasDelCliente<T>(pg, texto, parametros as unknown[]);
  return filasPorDrizzle<T>(db, texto, parametros);
}

/** A constant text with $1…$n and its parameters as a drizzle statement, through `execute`. */
function filasPorDrizzle<T>(db: DbOrTx, texto: string, parametros: readonly unknown[]): Promise<T[]> {
  // "…$1…$2…" splits into text, "1", text, "2", text: odd places are parameter numbers.
  const partes = texto.split(/\$(\d+)/);
  return filasPreparadas<T>(db, sql.join(partes.map((x, i) => (i % 2 ? sql`${parametros[Number(x) - 1]}` : sql.raw(x)))));
}

/** Transactions' clients that called `planesAMedida`: their statements are planned for their own
 * parameters whatever plan PostgreSQL has cached. */
const conPlanesAMedida = new WeakSet<ClientePostgres>();
const PLANES_A_MEDIDA = "set local plan_cache_mode = 'force_custom_plan'";

/**
 * Inside a transaction on PostgreSQL: every statement after this one is planned for its own
 * parameters and the tables as they are now (`plan_cache_mode = force_custom_plan`, until the
 * transaction ends) — the statements of `filasAMedida` and the foreign-key checks PostgreSQL runs
 * for an insert alike. A cached statement otherwise keeps, after five runs, a generic plan made
 * when it was first cached: made while a table was nearly empty it scans that table sequentially
 * until an ANALYZE, however large it has grown (decision 248). Issued without waiting for its
 * answer, it travels with the statement that follows (postgres.js pipelines them on the
 * transaction's connection): no round trip of its own. On PGlite too, for its foreign-key checks
 * (its own statements are never prepared).
 */
export function planesAMedida(tx: DbOrTx): Promise<unknown> {
  if (!(tx instanceof PgTransaction)) return Promise.resolve();
  const pg = clienteDeSentencia(tx);
  if (!pg) return tx.execute(sql.raw(PLANES_A_MEDIDA));
  conPlanesAMedida.add(pg);
  return pg.unsafe(PLANES_A_MEDIDA, [], { prepare: true }).values();
}

/**
 * A statement whose text never changes, written once with $1…$n, planned for its parameters on
 * every run (decision 248): nothing of drizzle's is built per call. In a transaction that called
 * `planesAMedida` it is a named prepared statement (parsed once per connection, planned each
 * time); elsewhere on PostgreSQL it is sent unnamed, parsed and planned each time, as drizzle
 * sends its own. On PGlite it becomes a drizzle statement.
 */
export async function filasAMedida<T>(db: DbOrTx, texto: string, parametros: readonly unknown[]): Promise<T[]> {
  const pg = clienteDeSentencia(db);
  if (pg) return filasDelCliente<T>(pg, texto, parametros as unknown[], conPlanesAMedida.has(pg));
  return filasPorDrizzle<T>(db, texto, parametros);
}

/** A waiting call of a `sentenciaAgrupada`: its parameters and its promise's ends. */
interface Pendiente {
  parametros: readonly unknown[];
  resolver(filas: unknown[]): void;
  rechazar(err: unknown): void;
}

interface Cola {
  pendientes: Pendiente[];
  enVuelo: number;
}

/** Whether PostgreSQL refused a statement outright (so nothing of it was committed and each item may
 * be tried alone): an error it answered with a SQLSTATE, other than connection loss (08),
 * resources (53), an operator's or the server's intervention (57: shutdown, cancel, timeout),
 * system errors (58) and internal ones (XX). */
function rechazadaEntera(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown };
  return e?.name === 'PostgresError' && typeof e.code === 'string' && !/^(08|53|57|58|XX)/.test(e.code);
}

/** A PostgreSQL array literal of text values (null as NULL), each element quoted: the driver as
 * drizzle sets it up sends parameters as text and has no serializer for arrays of every type. */
function literalDeArreglo(valores: readonly unknown[]): string {
  let s = '{';
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i];
    if (i > 0) s += ',';
    if (v === null || v === undefined) s += 'NULL';
    else s += `"${(v instanceof Date ? v.toISOString() : String(v)).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${s}}`;
}

/**
 * Group commit for a hot write of one statement per item (the chat send, decision 238). Calls run
 * at once while fewer than `enVuelo` statements of this kind are in flight on the pool; beyond
 * that they wait, and as each statement ends the waiting ones (up to `maxLote`) go together as
 * one statement, `lote`, in one transaction and one round trip: PostgreSQL commits once for
 * all of them, and the per-statement work of the driver and the server is shared. Under light load
 * every call goes alone, as `uno`, without waiting; under heavy load the cost per item drops.
 *
 * `lote` takes the i-th parameter of every item as the array `$i` (in the order of the batch)
 * and returns, first, a column `posicion`: the item's 1-based place in those arrays. `ordenar`
 * (stable) orders a batch by the key of the row its statement locks, so that two batches always
 * lock in the same order and cannot deadlock. When PostgreSQL refuses a batch as a whole (see
 * `rechazadaEntera`: nothing of it was committed) each item runs again alone, so that one item's
 * failure is that item's only; a lost connection fails every item of the batch, as it fails the
 * one call of an item run alone. On PGlite and inside a transaction every call is `uno`.
 */
export function sentenciaAgrupada<T>(o: {
  uno: string;
  lote: string;
  enVuelo: number;
  maxLote: number;
  ordenar?: (parametros: readonly unknown[]) => number;
}): (db: DbOrTx, parametros: readonly unknown[]) => Promise<T[]> {
  const colas = new WeakMap<ClientePostgres, Cola>();

  async function solo(pg: ClientePostgres, p: Pendiente) {
    try {
      p.resolver(await filasDelCliente(pg, o.uno, p.parametros as unknown[]));
    } catch (err) {
      p.rechazar(err);
    }
  }

  async function correr(pg: ClientePostgres, lote: Pendiente[]) {
    if (lote.length === 1) return solo(pg, lote[0]);
    const clave = o.ordenar;
    if (clave) lote.sort((a, b) => clave(a.parametros) - clave(b.parametros));
    const columnas = lote[0].parametros.map((_, i) => literalDeArreglo(lote.map((p) => p.parametros[i])));
    let filas: { posicion: number }[];
    try {
      filas = await filasDelCliente<{ posicion: number }>(pg, o.lote, columnas);
    } catch (err) {
      // Unknown whether it committed: `despachar` fails every item with it.
      if (!rechazadaEntera(err)) throw err;
      for (const p of lote) await solo(pg, p);
      return;
    }
    const porItem = lote.map((): unknown[] => []);
    for (const f of filas) porItem[Number(f.posicion) - 1].push(f);
    for (let i = 0; i < lote.length; i++) lote[i].resolver(porItem[i]);
  }

  function despachar(pg: ClientePostgres, c: Cola) {
    while (c.enVuelo < o.enVuelo && c.pendientes.length > 0) {
      const lote = c.pendientes.splice(0, o.maxLote);
      c.enVuelo++;
      correr(pg, lote)
        // A batch that failed (or anything after it) answers every item still waiting with the error.
        .catch((err: unknown) => {
          for (const p of lote) p.rechazar(err);
        })
        .finally(() => {
          c.enVuelo--;
          despachar(pg, c);
        });
    }
  }

  return (db, parametros) => {
    const pg = clientePostgres(db);
    if (!pg) return filasDeSentencia<T>(db, o.uno, parametros);
    let cola = colas.get(pg);
    if (!cola) {
      cola = { pendientes: [], enVuelo: 0 };
      colas.set(pg, cola);
    }
    return new Promise<T[]>((resolver, rechazar) => {
      cola.pendientes.push({ parametros, resolver: resolver as (f: unknown[]) => void, rechazar });
      despachar(pg, cola);
    });
  };
}
