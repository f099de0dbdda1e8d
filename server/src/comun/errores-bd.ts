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

/** The database cannot be reached (answered 503, not 500). */
export function esBdCaida(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code && CODIGOS_BD_CAIDA.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
