// Every SQL statement of the emotion diary.
import { and, asc, between, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { diarioEmocion } from '../../db/schema/actividades';

export type FilaEntrada = typeof diarioEmocion.$inferSelect;

export function entradasDePaciente(db: DbOrTx, idPaciente: number, o: { soloCompartidas: boolean; desde?: string; hasta?: string }) {
  const filtros = [eq(diarioEmocion.id_paciente, idPaciente)];
  if (o.soloCompartidas) filtros.push(eq(diarioEmocion.compartida, true));
  if (o.desde && o.hasta) filtros.push(between(diarioEmocion.fecha, o.desde, o.hasta));
  return db
    .select()
    .from(diarioEmocion)
    .where(and(...filtros))
    .orderBy(asc(diarioEmocion.fecha), asc(diarioEmocion.id_entrada));
}

export async function entrada(db: DbOrTx, id: number) {
  const [f] = await db.select().from(diarioEmocion).where(eq(diarioEmocion.id_entrada, id)).for('update');
  return f ?? null;
}

/** The new entry, or null when the patient already stored one with this client id (decision 313):
 * a concurrent retry waits for the first one's commit on the unique index, then writes nothing. */
export async function insertarEntrada(db: DbOrTx, fila: typeof diarioEmocion.$inferInsert): Promise<FilaEntrada | null> {
  const [f] = await db
    .insert(diarioEmocion)
    .values(fila)
    .onConflictDoNothing({ target: [diarioEmocion.id_paciente, diarioEmocion.id_cliente] })
    .returning();
  return f ?? null;
}

export async function entradaPorCliente(db: DbOrTx, idPaciente: number, idCliente: string) {
  const [f] = await db
    .select()
    .from(diarioEmocion)
    .where(and(eq(diarioEmocion.id_paciente, idPaciente), eq(diarioEmocion.id_cliente, idCliente)));
  return f ?? null;
}

export async function compartirEntrada(db: DbOrTx, id: number, compartida: boolean, version: number) {
  const [f] = await db
    .update(diarioEmocion)
    .set({ compartida, version: version + 1 })
    .where(eq(diarioEmocion.id_entrada, id))
    .returning();
  return f;
}

export async function eliminarEntrada(db: DbOrTx, id: number) {
  await db.delete(diarioEmocion).where(eq(diarioEmocion.id_entrada, id));
}
