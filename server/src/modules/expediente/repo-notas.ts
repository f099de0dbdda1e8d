// Every SQL statement of the psychologist's notes. Reads join `paciente` on its current
// psychologist: another psychologist's note reads as absent (404).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TipoNota } from '@miduelo/shared/expediente';
import type { DbOrTx } from '../../db/client';
import { paciente } from '../../db/schema/cuentas';
import { nota } from '../../db/schema/expediente';

const columnasNota = {
  id_nota: nota.id_nota,
  id_paciente: nota.id_paciente,
  titulo: nota.titulo,
  contenido: nota.contenido,
  tipo: sql<TipoNota>`${nota.tipo}`,
  id_aplicacion: nota.id_aplicacion,
  fecha_creacion: nota.fecha_creacion,
  fecha_actualizacion: nota.fecha_actualizacion,
  version: nota.version,
};
/** A note as stored: title and content are still ciphertext. */
export interface FilaNota {
  id_nota: number;
  id_paciente: number;
  titulo: string;
  contenido: string;
  tipo: TipoNota;
  id_aplicacion: number | null;
  fecha_creacion: Date;
  fecha_actualizacion: Date;
  version: number;
}

export async function notasDeAplicacion(db: DbOrTx, idAplicacion: number): Promise<FilaNota[]> {
  return db
    .select(columnasNota)
    .from(nota)
    .where(eq(nota.id_aplicacion, idAplicacion))
    .orderBy(desc(nota.fecha_creacion), desc(nota.id_nota));
}

/** A note whose patient is this psychologist's, or null; `bloquear` locks it for a change. */
export async function notaDePsicologo(db: DbOrTx, idPsicologo: number, idNota: number, bloquear = false): Promise<FilaNota | null> {
  const q = db
    .select(columnasNota)
    .from(nota)
    .innerJoin(paciente, eq(paciente.id_paciente, nota.id_paciente))
    .where(and(eq(nota.id_nota, idNota), eq(paciente.id_psicologo, idPsicologo)));
  const [f] = bloquear ? await q.for('update', { of: nota }) : await q;
  return f ?? null;
}

/** Stores a note; with a client id this patient already has (decision 313), even one a concurrent
 * request is committing, it writes nothing and answers null. */
export async function insertarNota(
  tx: DbOrTx,
  o: {
    idPaciente: number;
    idPsicologo: number;
    idAplicacion: number | null;
    tipo: TipoNota;
    titulo: string;
    contenido: string;
    ahora: Date;
    idCliente: string | null;
  },
): Promise<FilaNota | null> {
  const [f] = await tx
    .insert(nota)
    .values({
      id_paciente: o.idPaciente,
      id_psicologo: o.idPsicologo,
      id_aplicacion: o.idAplicacion,
      tipo: o.tipo,
      titulo: o.titulo,
      contenido: o.contenido,
      fecha_creacion: o.ahora,
      fecha_actualizacion: o.ahora,
      id_cliente: o.idCliente,
    })
    .onConflictDoNothing({ target: [nota.id_paciente, nota.id_cliente] })
    .returning(columnasNota);
  return f ?? null;
}

/** The note this patient already has under a client id (decision 313), with who stored it. */
export async function notaPorCliente(
  db: DbOrTx,
  idPaciente: number,
  idCliente: string,
): Promise<(FilaNota & { id_psicologo: number | null }) | null> {
  const [f] = await db
    .select({ ...columnasNota, id_psicologo: nota.id_psicologo })
    .from(nota)
    .where(and(eq(nota.id_paciente, idPaciente), eq(nota.id_cliente, idCliente)));
  return f ?? null;
}

export async function actualizarNota(tx: DbOrTx, o: { idNota: number; titulo: string; contenido: string; ahora: Date }): Promise<FilaNota> {
  const [f] = await tx
    .update(nota)
    .set({ titulo: o.titulo, contenido: o.contenido, fecha_actualizacion: o.ahora, version: sql`${nota.version} + 1` })
    .where(eq(nota.id_nota, o.idNota))
    .returning(columnasNota);
  return f;
}

export async function eliminarNota(tx: DbOrTx, idNota: number): Promise<void> {
  await tx.delete(nota).where(eq(nota.id_nota, idNota));
}

// With the patient check folded in (see repo.ts): no row at all means not this psychologist's
// patient (404); one row of nulls, a patient with nothing yet.

/** The patient's notes, newest first, or null when the patient is not this psychologist's. */
export async function notasDePacienteDe(db: DbOrTx, idPsicologo: number, idPaciente: number): Promise<FilaNota[] | null> {
  const filas = await db
    .select(columnasNota)
    .from(paciente)
    .leftJoin(nota, eq(nota.id_paciente, paciente.id_paciente))
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)))
    .orderBy(desc(nota.fecha_creacion), desc(nota.id_nota));
  if (filas.length === 0) return null;
  return (filas as (FilaNota | { id_nota: null })[]).filter((f): f is FilaNota => f.id_nota !== null);
}
