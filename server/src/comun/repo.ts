// The queries every clinical module shares. One definition of "this patient belongs to this
// psychologist": agenda, pacientes and chat all ask it here.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { paciente } from '../db/schema/cuentas';

/** True when the patient exists and is assigned to this psychologist. */
export async function esPacienteDe(db: DbOrTx, idPsicologo: number, idPaciente: number): Promise<boolean> {
  const [p] = await db
    .select({ id_paciente: paciente.id_paciente })
    .from(paciente)
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)));
  return p !== undefined;
}

/** The psychologist a patient is assigned to (null when the patient does not exist). */
export async function psicologoDePaciente(db: DbOrTx, idPaciente: number): Promise<number | null> {
  const [p] = await db.select({ id: paciente.id_psicologo }).from(paciente).where(eq(paciente.id_paciente, idPaciente));
  return p?.id ?? null;
}
