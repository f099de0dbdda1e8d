// Database use as Prometheus sees it (decision 387). postgres.js tells nothing about its pool, and
// PGlite has none: the client's own entry points are wrapped instead. Every statement outside a
// transaction (`unsafe`, which drizzle and our hot paths call) and every transaction (`begin` /
// `transaction`) is timed and counted while in flight. A statement holds a connection while it
// runs, a transaction for its whole life: their sum against `max` is the pool's use (above 1:
// callers wait for a connection).
import { performance } from 'node:perf_hooks';

export type TipoOperacion = 'consulta' | 'transaccion';

export interface Sumidero {
  inicio(tipo: TipoOperacion): void;
  fin(tipo: TipoOperacion, segundos: number, error: boolean): void;
}

interface Instrumentado {
  sumideros: Set<Sumidero>;
  motor: 'postgres' | 'pglite';
  max: number;
}

const INSTRUMENTO = Symbol.for('miduelo.metricas-bd');

type Funcion = (...args: unknown[]) => unknown;
type Cliente = Record<string | symbol, unknown>;

interface Inicio {
  t0: number;
  /** The sinks that counted the start: the same ones count the end. */
  sumideros: Sumidero[];
}

/** Attaches the end's two callbacks: a promise's `then`, or a lazy query's own. */
type AlTerminar = (ok: () => void, mal: () => void) => unknown;

function medir(tipo: TipoOperacion, alTerminar: AlTerminar, i: Inicio) {
  const terminar = (error: boolean) => {
    const s = (performance.now() - i.t0) / 1000;
    for (const x of i.sumideros) x.fin(tipo, s, error);
  };
  // Observed, not awaited: the caller still gets (and handles) the result or the error.
  alTerminar(
    () => terminar(false),
    () => terminar(true),
  );
}

function empezar(estado: Instrumentado, tipo: TipoOperacion): Inicio {
  const sumideros = [...estado.sumideros];
  for (const x of sumideros) x.inicio(tipo);
  return { t0: performance.now(), sumideros };
}

/** postgres.js: `unsafe` returns a lazy query that runs when first awaited; it is timed from then. */
function envolverPostgres(sql: Cliente, estado: Instrumentado) {
  const unsafe = sql.unsafe as Funcion;
  sql.unsafe = function (this: unknown, ...args: unknown[]) {
    const q = unsafe.apply(this, args) as Promise<unknown>;
    const then = q.then;
    let medida = false;
    // biome-ignore lint/suspicious/noThenProperty: the query is a thenable; its first `then` starts it, and is timed
    q.then = function (this: Promise<unknown>, ...a: unknown[]) {
      if (!medida) {
        medida = true;
        const t0 = empezar(estado, 'consulta');
        medir('consulta', (ok, mal) => (then as Funcion).call(this, ok, mal), t0);
      }
      return (then as Funcion).apply(this, a);
    } as typeof q.then;
    return q;
  };
  const begin = sql.begin as Funcion;
  sql.begin = function (this: unknown, ...args: unknown[]) {
    const t0 = empezar(estado, 'transaccion');
    const p = begin.apply(this, args) as Promise<unknown>;
    medir('transaccion', (ok, mal) => p.then(ok, mal), t0);
    return p;
  };
}

/** PGlite: one connection; `query` and `transaction` (a transaction's own statements go inside). */
function envolverPglite(pg: Cliente, estado: Instrumentado) {
  for (const [metodo, tipo] of [
    ['query', 'consulta'],
    ['transaction', 'transaccion'],
  ] as const) {
    const original = pg[metodo] as Funcion;
    pg[metodo] = function (this: unknown, ...args: unknown[]) {
      const t0 = empezar(estado, tipo);
      const p = original.apply(this, args) as Promise<unknown>;
      medir(tipo, (ok, mal) => p.then(ok, mal), t0);
      return p;
    };
  }
}

/**
 * Sends the database client's operations to `sumidero` until the returned function is called. The
 * client is wrapped once, whatever the number of apps that share it (tests, benchmarks).
 */
export function observarBaseDeDatos(
  db: unknown,
  sumidero: Sumidero,
): { motor: 'postgres' | 'pglite' | 'desconocido'; max: number; dejar(): void } {
  const cliente = (db as { $client?: unknown }).$client as Cliente | undefined;
  if (!cliente || (typeof cliente !== 'function' && typeof cliente !== 'object')) return { motor: 'desconocido', max: 0, dejar() {} };
  let estado = cliente[INSTRUMENTO] as Instrumentado | undefined;
  if (!estado) {
    if (typeof cliente === 'function' && typeof (cliente as Cliente).unsafe === 'function') {
      const max = Number(((cliente as Cliente).options as { max?: number } | undefined)?.max ?? 10);
      estado = { sumideros: new Set(), motor: 'postgres', max };
      envolverPostgres(cliente, estado);
    } else if (typeof cliente.query === 'function' && typeof cliente.transaction === 'function') {
      estado = { sumideros: new Set(), motor: 'pglite', max: 1 };
      envolverPglite(cliente, estado);
    } else return { motor: 'desconocido', max: 0, dejar() {} };
    Object.defineProperty(cliente, INSTRUMENTO, { value: estado });
  }
  const e = estado;
  e.sumideros.add(sumidero);
  return { motor: e.motor, max: e.max, dejar: () => e.sumideros.delete(sumidero) };
}
