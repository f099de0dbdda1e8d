// The psychologist's patients and the patient file (spec 1 §7 Patients). Every read is scoped to
// the psychologist of the token: another psychologist's patient answers 404, exactly like an id
// that does not exist, so nothing about it leaks.
import { MSG } from '@miduelo/shared/auth';
import { MSG_PACIENTES } from '@miduelo/shared/pacientes';
import { momentoClinica } from '../../comun/reloj';
import { esPacienteDe } from '../../comun/repo';
import { notFound, unauthorized } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { pacienteDePsicologo, pacientesDePsicologo, perfilBasico, proximaCita } from './repo';

type CtxPacientes = Pick<Ctx, 'db' | 'config' | 'cifrador'>;

export function listarPacientes(ctx: CtxPacientes, { idPsicologo }: { idPsicologo: number }) {
  return pacientesDePsicologo(ctx.db, idPsicologo);
}

export async function obtenerPaciente(ctx: CtxPacientes, o: { idPsicologo: number; idPaciente: number }) {
  const p = await pacienteDePsicologo(ctx.db, o.idPsicologo, o.idPaciente);
  if (!p) throw notFound(MSG_PACIENTES.noEncontrado, 'PACIENTE_NO_ENCONTRADO');
  return p;
}

export async function obtenerProximaCita(ctx: CtxPacientes, o: { idPsicologo: number; idPaciente: number }) {
  if (!(await esPacienteDe(ctx.db, o.idPsicologo, o.idPaciente))) throw notFound(MSG_PACIENTES.noEncontrado, 'PACIENTE_NO_ENCONTRADO');
  const { hoy, hora } = momentoClinica(ctx.config);
  return proximaCita(ctx.db, ctx.cifrador, { ...o, hoy, hora });
}

export async function obtenerPerfilBasico(ctx: CtxPacientes, { idPsicologo }: { idPsicologo: number }) {
  const p = await perfilBasico(ctx.db, idPsicologo);
  if (!p) throw unauthorized(MSG.sesionInvalida);
  return p;
}
