import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paciente, psicologo } from '../../db/schema/cuentas';

const columnasPaciente = {
  id_paciente: paciente.id_paciente,
  nombre: paciente.nombre,
  apellido_paterno: paciente.apellido_paterno,
  apellido_materno: paciente.apellido_materno,
  email: paciente.email,
  telefono: paciente.telefono,
  fecha_nacimiento: paciente.fecha_nacimiento,
  status: paciente.status,
};

export async function pacientesDePsicologo(db: DbOrTx, idPsicologo: number) {
  return db
    .select(columnasPaciente)
    .from(paciente)
    .where(eq(paciente.id_psicologo, idPsicologo))
    .orderBy(asc(paciente.apellido_paterno), asc(paciente.nombre), asc(paciente.id_paciente));
}

/** A patient only when assigned to this psychologist: another's patient reads as absent. */
export async function pacienteDePsicologo(db: DbOrTx, idPsicologo: number, idPaciente: number) {
  const [p] = await db
    .select(columnasPaciente)
    .from(paciente)
    .where(and(eq(paciente.id_paciente, idPaciente), eq(paciente.id_psicologo, idPsicologo)));
  return p ?? null;
}

export async function perfilBasico(db: DbOrTx, idPsicologo: number) {
  const [p] = await db
    .select({
      id_psicologo: psicologo.id_psicologo,
      nombre: psicologo.nombre,
      apellidoPaterno: psicologo.apellidoPaterno,
      apellidoMaterno: psicologo.apellidoMaterno,
      codigo_vinculacion: psicologo.codigo_vinculacion,
    })
    .from(psicologo)
    .where(eq(psicologo.id_psicologo, idPsicologo));
  return p ?? null;
}
