// The start-up step of decision 310, beside decision 070's for rows: every evidence file stored
// before files were encrypted (its row's `llave_archivo` is null) or under a key that no longer
// encrypts is rewritten under the current key. Driven by the rows, so a start with nothing to do
// opens no file. Batches of rows, each in one transaction under the migrations' advisory lock with
// its rows locked: two nodes starting together take turns, and a deletion of one of those evidences
// waits until its file is rewritten (the file is removed after the deletion's commit), so a deleted
// file never comes back. A file already under the current key is never rewritten.
import type { Db } from '../../db/client';
import { turnoDeMigraciones } from '../../db/migrate';
import type { AlmacenEvidencias } from './almacen';
import { clavesDeEvidencias, contarEvidenciasSinLlave, evidenciasPorCifrar, marcarEvidenciasCifradas } from './repo';

/** A file without a row older than this is the residue of a failed deletion, not an upload in flight. */
const HUERFANO_MS = 3600_000;
const LOTE = 50;

export interface ResultadoCifrado {
  cifrados: number;
  /** Plain files that no evidence references (removed once an hour old). */
  huerfanosEliminados: number;
  /** Files under a key that is no longer configured (they cannot be read: the log names them). */
  ilegibles: string[];
}

export async function cifrarEvidenciasPendientes(
  db: Db,
  almacen: AlmacenEvidencias,
  llaveActual: string,
  ahora = new Date(),
): Promise<ResultadoCifrado> {
  const r: ResultadoCifrado = { cifrados: 0, huerfanosEliminados: 0, ilegibles: [] };
  // Rows from before decision 310 mean files stored plain: this start also walks the store once for
  // plain files no row references (a failed deletion of that time). Later starts never walk it.
  const legadas = await contarEvidenciasSinLlave(db);
  let desde = 0;
  for (;;) {
    const lote = await db.transaction(async (tx) => {
      await turnoDeMigraciones(tx);
      const pendientes = await evidenciasPorCifrar(tx, { llave: llaveActual, desde, lote: LOTE });
      const hechas: number[] = [];
      for (const f of pendientes) {
        const estado = await almacen.estado(f.clave);
        if (estado === 'ilegible') r.ilegibles.push(f.clave);
        if (estado === 'pendiente') {
          await almacen.recifrar(f.clave);
          r.cifrados++;
        }
        if (estado === 'pendiente' || estado === 'actual') hechas.push(Number(f.id_evidencia));
      }
      await marcarEvidenciasCifradas(tx, hechas, llaveActual);
      return pendientes.map((f) => Number(f.id_evidencia));
    });
    if (lote.length === 0) break;
    desde = lote[lote.length - 1];
  }
  if (legadas > 0) {
    const antesDe = new Date(ahora.getTime() - HUERFANO_MS);
    const conFila = new Set(await clavesDeEvidencias(db));
    for (const clave of await almacen.claves()) {
      if (conFila.has(clave) || (await almacen.estado(clave)) !== 'pendiente') continue;
      if (await almacen.eliminarSiAnterior(clave, antesDe)) r.huerfanosEliminados++;
    }
  }
  return r;
}
