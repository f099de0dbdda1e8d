// What a node does with its data before it listens: the demo seed of an empty database and the
// operator's administrator. Several nodes may run it at once against one database.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { sembrarDemo } from './db/seed';
import { asegurarAdmin, baseVacia } from './modules/cuentas/service';

export async function prepararDatos(o: {
  app: FastifyInstance;
  handle: DbHandle;
  config: Config;
}): Promise<{ sembrado: boolean; vacia: boolean }> {
  const { app, handle, config } = o;
  const vacia = await baseVacia(app.ctx);
  const sembrar = config.seedDemo ?? (vacia && handle.kind === 'pglite');
  let sembrado = false;
  if (sembrar && vacia) {
    sembrado = (await sembrarDemo(handle.db, config.now(), app.demo.sembradores, (tx) => baseVacia({ db: tx }))) !== null;
  }
  if (config.adminEmail && config.adminPassword) {
    await asegurarAdmin(app.ctx, { correo: config.adminEmail, contrasena: config.adminPassword });
  }
  return { sembrado, vacia };
}

/** A startup error as the console may show it. A failed query's message carries its bound values
 * (an argon2 hash, a name, a phone), and PostgreSQL's own message may quote one ("invalid input
 * syntax for type integer: …"): only the SQLSTATE code is kept. */
export function mensajeDeArranque(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { query?: unknown; params?: unknown; cause?: unknown; code?: unknown };
  if (typeof e.query === 'string' || 'params' in e) {
    const causa = (e.cause ?? e) as { code?: unknown };
    return `Falló una consulta a la base de datos${typeof causa.code === 'string' ? ` (código ${causa.code})` : ''}`;
  }
  return e.message;
}
