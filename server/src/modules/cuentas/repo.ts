import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paciente, psicologo } from '../../db/schema/cuentas';

export async function buscarPsicologoPorCorreo(db: DbOrTx, correo: string) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.correo, correo));
  return p ?? null;
}

export async function buscarPsicologoPorId(db: DbOrTx, id: number) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.id_psicologo, id));
  return p ?? null;
}

export async function buscarPsicologosPorTelefono(db: DbOrTx, telefono: string) {
  return db.select().from(psicologo).where(eq(psicologo.telefono, telefono));
}

export async function buscarPsicologoPorCodigo(db: DbOrTx, codigo: string) {
  const [p] = await db.select().from(psicologo).where(eq(psicologo.codigo_vinculacion, codigo));
  return p ?? null;
}

export async function buscarPacientePorEmail(db: DbOrTx, email: string) {
  const [p] = await db.select().from(paciente).where(eq(paciente.email, email));
  return p ?? null;
}

export async function buscarPacientePorId(db: DbOrTx, id: number) {
  const [p] = await db.select().from(paciente).where(eq(paciente.id_paciente, id));
  return p ?? null;
}

export type Psicologo = typeof psicologo.$inferSelect;
export type Paciente = typeof paciente.$inferSelect;
