// The patient's opposition to specific uses of her data (ARCO; decision 377), read where each use
// happens: the mail of reminders, the push observer and the forums' author names. No row: she
// opposes nothing.
import { eq, sql, type SQL } from 'drizzle-orm';
import { NOMBRE_ANONIMO_FORO } from '@miduelo/shared/derechos-oposicion';
import type { DbOrTx } from '../db/client';
import { oposicionPaciente } from '../db/schema/oposicion';

export type UsoOponible = 'correos' | 'push' | 'foro_sin_nombre';

/** Whether the patient opposes this use of her data. */
export async function seOpone(db: DbOrTx, idPaciente: number, uso: UsoOponible): Promise<boolean> {
  const [f] = await db.select({ v: oposicionPaciente[uso] }).from(oposicionPaciente).where(eq(oposicionPaciente.id_paciente, idPaciente));
  return f?.v ?? false;
}

/** SQL: the name the forums show for a patient, given the SQL of her id and of her stored name. */
export function nombreEnForo(idPaciente: SQL | string, nombre: SQL | string): SQL<string> {
  const id = typeof idPaciente === 'string' ? sql.raw(idPaciente) : idPaciente;
  const n = typeof nombre === 'string' ? sql.raw(nombre) : nombre;
  return sql<string>`(case when exists (select 1 from oposicion_paciente op where op.id_paciente = ${id} and op.foro_sin_nombre) then ${NOMBRE_ANONIMO_FORO}::text else ${n} end)`;
}

/** SQL: the surname the forums show for a patient (empty when she opposes showing her name). */
export function apellidoEnForo(idPaciente: SQL | string, apellido: SQL | string): SQL<string> {
  const id = typeof idPaciente === 'string' ? sql.raw(idPaciente) : idPaciente;
  const a = typeof apellido === 'string' ? sql.raw(apellido) : apellido;
  return sql<string>`(case when exists (select 1 from oposicion_paciente op where op.id_paciente = ${id} and op.foro_sin_nombre) then ''::text else ${a} end)`;
}
