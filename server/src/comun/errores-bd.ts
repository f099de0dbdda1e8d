import type { Readable } from 'node:stream';

/** Unique-constraint violations of PostgreSQL (also through drizzle's wrapper): the constraint's
 * name, '' when the driver does not say it, null for any other error. */
export function restriccionUnicaViolada(err: unknown): string | null {
  let e = err as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code === '23505') return e.constraint_name ?? e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

const CODIGOS_BD_CAIDA = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', '57P01']);

/** The database cannot be reached (answered 503, not 500). With `peticion`, the request's own
 * stream error is never the database's: a client that goes away mid-body fails it with 'aborted'
 * and the same ECONNRESET code a reset database connection has (issue 52, finding 9). */
export function esBdCaida(err: unknown, peticion?: Readable): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (peticion && e === peticion.errored) return false;
    if (e.code && CODIGOS_BD_CAIDA.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The client went away before sending its whole request (the request stream was destroyed
 * before its end), and what failed is that stream or something reading it (a body parser, an
 * upload), not the database: nobody is left to answer, and nothing is down. */
export function esCorteDelCliente(err: unknown, peticion: Readable): boolean {
  return peticion.readableAborted && !esBdCaida(err, peticion);
}
