// The start-up step of decision 310, beside decision 070's for rows: every evidence file stored
// before files were encrypted (or under a key that no longer encrypts) is rewritten under the current
// key. One file at a time, each in a transaction under the migrations' advisory lock with its
// evidence row locked: two nodes starting together take turns, and a deletion of that evidence waits
// until the file is rewritten (its file is removed after its commit), so a deleted file never comes
// back. A file already under the current key is never touched, so a second start changes nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { LOCK_MIGRACIONES } from '../../db/migrate';
import type { AlmacenEvidencias } from './almacen';

/** A file without a row older than this is the residue of a failed deletion, not an upload in flight. */
const HUERFANO_MS = 3600_000;

export interface ResultadoCifrado {
  cifrados: number;
  /** Plain files that no evidence references (removed once an hour old). */
  huerfanosEliminados: number;
  /** Files under a key that is no longer configured (they cannot be read: the log names them). */
  ilegibles: string[];
}

export async function cifrarEvidenciasPendientes(db: Db, almacen: AlmacenEvidencias, ahora = new Date()): Promise<ResultadoCifrado> {
  const r: ResultadoCifrado = { cifrados: 0, huerfanosEliminados: 0, ilegibles: [] };
  for (const clave of await almacen.claves()) {
    const estado = await almacen.estado(clave);
    if (estado === 'ilegible') r.ilegibles.push(clave);
    if (estado !== 'pendiente') continue;
    const hecho = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_MIGRACIONES})`);
      const q = await tx.execute(sql`select 1 as si from evidencia where clave = ${clave} for update`);
      const filas = (Array.isArray(q) ? q : (q as unknown as { rows: unknown[] }).rows) ?? [];
      if (filas.length === 0) return 'sin-fila' as const;
      await almacen.recifrar(clave);
      return 'cifrado' as const;
    });
    if (hecho === 'cifrado') r.cifrados++;
    else if (await almacen.eliminarSiAnterior(clave, new Date(ahora.getTime() - HUERFANO_MS))) r.huerfanosEliminados++;
  }
  return r;
}
