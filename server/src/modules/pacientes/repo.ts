import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Cita } from '@miduelo/shared/citas';
import { recortarHora } from '@miduelo/shared/citas-tiempo';
import type { Cifrador } from '../../comun/cifrado';
import { columnasCita } from '../../comun/repo';
import type { DbOrTx } from '../../db/client';
import { cita } from '../../db/schema/agenda';
import { paciente, psicologo } from '../../db/schema/cuentas';

const columnasPaciente = {
  id_paciente: paciente.id_paciente,
  nombre: paciente.nombre,
  apellido_paterno: paciente.apellido_paterno,
  apellido_materno: paciente.apellido_materno,
  email: paciente.email,
  telefono: paciente.telefono,
  fecha_nacimiento: paciente.fecha_nacimiento,
  // The column is text; its values are the two of the check constraint.
  status: sql<'activo' | 'inactivo'>`${paciente.status}`,
  // The clinical record's risk flag (decision 104): the latest completed application of some test
  // fell in that test's highest band.
  riesgo: sql<boolean>`exists (
    select 1 from (
      select distinct on (a.id_test) a.riesgo from aplicacion_test a
       where a.id_paciente = "paciente"."id_paciente" and a.estado = 'completado'
       order by a.id_test, a.fecha desc, a.id_aplicacion desc
    ) u where u.riesgo)`,
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

/** The patient's next appointment with this psychologist that is not cancelled and has not ended
 * (the patient file's card; the agenda module owns the appointments, this is a read of them). */
export async function proximaCita(
  db: DbOrTx,
  cif: Cifrador,
  o: { idPsicologo: number; idPaciente: number; hoy: string; hora: string },
): Promise<Cita | null> {
  const [f] = await db
    .select(columnasCita)
    .from(cita)
    .innerJoin(paciente, eq(paciente.id_paciente, cita.id_paciente))
    .where(
      and(
        eq(cita.id_psicologo, o.idPsicologo),
        eq(cita.id_paciente, o.idPaciente),
        ne(cita.estado, 'cancelada'),
        sql`(${cita.fecha} > ${o.hoy}::date or (${cita.fecha} = ${o.hoy}::date and ${cita.hora_fin} > ${o.hora}::time))`,
      ),
    )
    .orderBy(asc(cita.fecha), asc(cita.hora_inicio))
    .limit(1);
  // modalidad, estado and origen are text columns holding the values of their check constraints.
  if (!f) return null;
  // Notes are stored encrypted, bound to their column (decision 070).
  const notas = f.notas === null ? null : cif.leer(f.notas, 'cita.notas');
  return { ...f, notas, hora_inicio: recortarHora(f.hora_inicio), hora_fin: recortarHora(f.hora_fin) } as Cita;
}
