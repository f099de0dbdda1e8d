import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { ordenAlfabetico } from '../../db/orden-alfabetico';
import type { DbOrTx } from '../../db/client';
import { chat } from '../../db/schema/chat';
import { paciente, psicologo } from '../../db/schema/cuentas';

/** Activated psychologists (other administrators included, never the administrator asking) with
 * whom this administrator has no conversation yet. */
export async function psicologosDisponibles(db: DbOrTx, idAdmin: number) {
  const filas = await db
    .select({
      id: psicologo.id_psicologo,
      nombre: psicologo.nombre,
      apellido_paterno: psicologo.apellidoPaterno,
      apellido_materno: psicologo.apellidoMaterno,
      email: psicologo.correo,
    })
    .from(psicologo)
    .where(
      and(
        ne(psicologo.id_psicologo, idAdmin),
        isNotNull(psicologo.activadoEn),
        sql`not exists (select 1 from ${chat} c where c.tipo = 'admin' and c.id_admin = ${idAdmin} and c.id_psicologo = ${psicologo.id_psicologo})`,
      ),
    )
    .orderBy(ordenAlfabetico(psicologo.nombre), ordenAlfabetico(psicologo.apellidoPaterno), asc(psicologo.id_psicologo));
  return filas.map((f) => ({ tipo: 'psicologo' as const, ...f }));
}

/** Activated patients with whom this administrator has no conversation yet. */
export async function pacientesDisponibles(db: DbOrTx, idAdmin: number) {
  const filas = await db
    .select({
      id: paciente.id_paciente,
      nombre: paciente.nombre,
      apellido_paterno: paciente.apellido_paterno,
      apellido_materno: paciente.apellido_materno,
      email: paciente.email,
    })
    .from(paciente)
    .where(
      and(
        isNotNull(paciente.activadoEn),
        sql`not exists (select 1 from ${chat} c where c.tipo = 'admin' and c.id_admin = ${idAdmin} and c.id_paciente = ${paciente.id_paciente})`,
      ),
    )
    .orderBy(asc(paciente.clave_nombre), asc(paciente.clave_apellido), asc(paciente.id_paciente));
  return filas.map((f) => ({ tipo: 'paciente' as const, ...f }));
}

export async function destinatarioExiste(db: DbOrTx, tipo: 'psicologo' | 'paciente', id: number): Promise<boolean> {
  if (tipo === 'psicologo') {
    const [p] = await db
      .select({ id: psicologo.id_psicologo })
      .from(psicologo)
      .where(and(eq(psicologo.id_psicologo, id), isNotNull(psicologo.activadoEn)));
    return Boolean(p);
  }
  const [p] = await db
    .select({ id: paciente.id_paciente })
    .from(paciente)
    .where(and(eq(paciente.id_paciente, id), isNotNull(paciente.activadoEn)));
  return Boolean(p);
}
