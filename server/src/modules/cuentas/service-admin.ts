// What only administrators do to accounts (spec 2 §7): enable and disable them.
import { MSG_ADMIN } from '@miduelo/shared/cuentas';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisarAdministradores } from '../../comun/aviso-admin';
import { badRequest, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { cambiarStatusCuenta } from './repo';

type Estado = 'activo' | 'inactivo';

/** Enables or disables an account, with its audit row in the same transaction. Disabling bumps the
 * session version (every earlier token is refused from then on) and closes the account's sockets
 * after commit. */
export async function cambiarEstadoCuenta(
  ctx: Pick<Ctx, 'db' | 'realtime' | 'sesiones' | 'log'>,
  o: { tipo: 'psicologo' | 'paciente'; id: number; idAdmin: number; status: Estado; actor: Actor },
) {
  if (o.tipo === 'psicologo' && o.id === o.idAdmin && o.status === 'inactivo') throw badRequest(MSG_ADMIN.propiaCuenta, 'PROPIA_CUENTA');
  await ctx.db.transaction(async (tx) => {
    if (!(await cambiarStatusCuenta(tx, { tipo: o.tipo, id: o.id }, o.status)))
      throw notFound(o.tipo === 'psicologo' ? MSG_ADMIN.psicologoNoEncontrado : MSG_ADMIN.pacienteNoEncontrado);
    await auditar(tx, o.actor, {
      accion: o.status === 'activo' ? 'habilitar' : 'deshabilitar',
      recurso: o.tipo,
      idRecurso: o.id,
      idPaciente: o.tipo === 'paciente' ? o.id : null,
    });
  });
  await avisarAdministradores(ctx, { recurso: o.tipo, id: o.id });
  if (o.status === 'inactivo') await ctx.realtime.desconectarCuenta({ tipo: o.tipo, id: o.id }, 'deshabilitada');
  else await ctx.sesiones.olvidarCuenta({ tipo: o.tipo, id: o.id });
  return { msg: o.status === 'activo' ? MSG_ADMIN.cuentaHabilitada : MSG_ADMIN.cuentaDeshabilitada, status: o.status };
}
