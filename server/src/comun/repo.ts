// The queries every clinical module shares. One definition of "this patient belongs to this
// psychologist": agenda, pacientes and chat all ask it here.
import { motivoAniversario, semanaDe } from '@miduelo/shared/pacientes-aniversario';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Cifrador } from './cifrado';
import { leerFechaPerdida } from './perdida';
import type { DbOrTx } from '../db/client';
import { filasAMedida } from '../plugins/db';
import { cita } from '../db/schema/agenda';
import { paciente } from '../db/schema/cuentas';

/** True when the patient exists and is assigned to this psychologist. */
export async function esPacienteDe(db: DbOrTx, idPsicologo: number, idPaciente: number): Promise<boolean> {
  // A constant statement, prepared once per connection (decision 248): every clinical request asks it.
  const filas = await filasAMedida(db, 'select 1 from paciente where id_paciente = $1::int and id_psicologo = $2::int', [
    idPaciente,
    idPsicologo,
  ]);
  return filas.length > 0;
}

/** The psychologist a patient is assigned to (null when the patient does not exist). */
export async function psicologoDePaciente(db: DbOrTx, idPaciente: number): Promise<number | null> {
  const [p] = await db.select({ id: paciente.id_psicologo }).from(paciente).where(eq(paciente.id_paciente, idPaciente));
  return p?.id ?? null;
}

/** An appointment as every module selects it (join `paciente` on `cita.id_paciente`); `notas` is
 * still ciphertext here (decision 070). */
export const columnasCita = {
  id_cita: cita.id_cita,
  id_agenda: cita.id_agenda,
  id_psicologo: cita.id_psicologo,
  id_paciente: cita.id_paciente,
  fecha: cita.fecha,
  hora_inicio: cita.hora_inicio,
  hora_fin: cita.hora_fin,
  duracion: cita.duracion,
  modalidad: cita.modalidad,
  estado: cita.estado,
  notas: cita.notas,
  origen: cita.origen,
  version: cita.version,
  paciente: {
    nombre: paciente.nombre,
    apellido_paterno: paciente.apellido_paterno,
    apellido_materno: paciente.apellido_materno,
  },
  /** Read only to compute the appointment's anniversary mark (`marcaAniversarioCita`), never sent;
   * encrypted (decision 336). */
  fecha_perdida: paciente.fecha_perdida,
};

/** An appointment still to come: not cancelled and not ended in the clinic's time (`hoy`, `hora`
 * from `momentoClinica`). The patient file's 'next appointment' and the administration's
 * deletion and reassignment (decisions 276, 300) all mean this. */
export const citaPorVenir = (o: { hoy: string; hora: string }) =>
  and(
    ne(cita.estado, 'cancelada'),
    sql`(${cita.fecha} > ${o.hoy}::date or (${cita.fecha} = ${o.hoy}::date and ${cita.hora_fin} > ${o.hora}::time))`,
  );

/** The agenda's anniversary mark (decision 128): the patient's loss anniversary, or Día de Muertos,
 * falls in the week (Monday–Sunday) that holds the appointment — the week the agenda shows it in. */
export function marcaAniversarioCita(cif: Cifrador, fechaPerdida: string | null, fecha: string): boolean {
  // No loss date, no mark: skip the decryption and the week's arithmetic (the agenda's week list is a
  // hot read, decision 221).
  if (!fechaPerdida) return false;
  const { desde, hasta } = semanaDe(fecha);
  return motivoAniversario(leerFechaPerdida(cif, fechaPerdida), desde, hasta) !== null;
}
