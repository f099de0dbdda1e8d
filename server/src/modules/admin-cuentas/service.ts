import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { badRequest, notFound } from '../../errors';
import type { Realtime } from '../../plugins/realtime';

export type Estado = 'activo' | 'inactivo';

/** Enables or disables an account. Disabling bumps the session version (every earlier token is
 * refused from then on) and closes the account's sockets after commit. */
export async function cambiarEstadoCuenta(
  o: { db: Db; realtime: Realtime },
  cuenta: { tipo: 'psicologo' | 'paciente'; id: number; idAdmin: number },
  status: Estado,
) {
  if (cuenta.tipo === 'psicologo' && cuenta.id === cuenta.idAdmin && status === 'inactivo')
    throw badRequest('No puedes deshabilitar tu propia cuenta', 'PROPIA_CUENTA');
  const bump = status === 'inactivo' ? 1 : 0;
  const filas =
    cuenta.tipo === 'psicologo'
      ? await o.db
          .update(psicologo)
          .set({ status, versionSesion: sql`${psicologo.versionSesion} + ${bump}` })
          .where(eq(psicologo.id_psicologo, cuenta.id))
          .returning({ id: psicologo.id_psicologo })
      : await o.db
          .update(paciente)
          .set({ status, versionSesion: sql`${paciente.versionSesion} + ${bump}` })
          .where(eq(paciente.id_paciente, cuenta.id))
          .returning({ id: paciente.id_paciente });
  if (filas.length === 0) throw notFound(cuenta.tipo === 'psicologo' ? 'Psicólogo no encontrado' : 'Paciente no encontrado');
  if (status === 'inactivo') await o.realtime.desconectarCuenta({ tipo: cuenta.tipo, id: cuenta.id }, 'deshabilitada');
  return { msg: status === 'activo' ? 'Cuenta habilitada correctamente' : 'Cuenta deshabilitada correctamente', status };
}
