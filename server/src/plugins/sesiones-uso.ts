// The "last use" of the open sessions (decision 380), written cheaply: only when a token's check
// reads the database (a cache miss or renewal — at most once per cache life per token and node —
// a socket's handshake or check), and then at most once per USO_MINIMO_MS per token and node, off
// the request path, as one UPDATE that changes nothing when the row's last use is recent.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sesionAbierta } from '../db/schema/sesiones-abiertas';

export const USO_MINIMO_MS = 5 * 60_000;
const MAX_RECORDADOS = 50_000;

export class UsosDeSesion {
  private readonly escritos = new Map<string, number>();
  private readonly pendientes = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  anotar(jti: string): void {
    const ahora = this.now();
    const antes = this.escritos.get(jti);
    if (antes !== undefined && ahora.getTime() - antes < USO_MINIMO_MS) return;
    if (this.escritos.size >= MAX_RECORDADOS) this.escritos.clear();
    this.escritos.set(jti, ahora.getTime());
    const p = this.db
      .update(sesionAbierta)
      .set({ ultimoUso: ahora })
      .where(and(eq(sesionAbierta.jti, jti), lte(sesionAbierta.ultimoUso, new Date(ahora.getTime() - USO_MINIMO_MS))))
      .then(() => {})
      .catch((err: unknown) => this.log.warn({ err: { message: (err as Error).message } }, 'sesiones: no se anotó el último uso'))
      .finally(() => this.pendientes.delete(p));
    this.pendientes.add(p);
  }

  /** Settles once the writes started so far have. */
  async esperar(): Promise<void> {
    await Promise.all(this.pendientes);
  }
}
