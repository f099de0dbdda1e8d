// The psychologist's patients and the patient file (spec 1 §7 Patients). Every read is scoped to
// the psychologist of the token: another psychologist's patient answers 404, exactly like an id
// that does not exist, so nothing about it leaks.
import { MSG_PACIENTES } from '@miduelo/shared/pacientes';
import { MSG } from '@miduelo/shared/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notFound, unauthorized } from '../../errors';
import { proximaCita } from '../agenda/repo';
import { momentoClinica } from '../agenda/reglas';
import { pacienteDePsicologo, pacientesDePsicologo, perfilBasico } from './repo';

export interface PacientesCtx {
  db: Db;
  config: Config;
}

export function listarPacientes(ctx: PacientesCtx, idPsicologo: number) {
  return pacientesDePsicologo(ctx.db, idPsicologo);
}

export async function obtenerPaciente(ctx: PacientesCtx, idPsicologo: number, idPaciente: number) {
  const p = await pacienteDePsicologo(ctx.db, idPsicologo, idPaciente);
  if (!p) throw notFound(MSG_PACIENTES.noEncontrado, 'PACIENTE_NO_ENCONTRADO');
  return p;
}

export async function obtenerProximaCita(ctx: PacientesCtx, idPsicologo: number, idPaciente: number) {
  await obtenerPaciente(ctx, idPsicologo, idPaciente);
  const { hoy, hora } = momentoClinica(ctx.config);
  return { cita: await proximaCita(ctx.db, { idPsicologo, idPaciente, hoy, hora }) };
}

export async function obtenerPerfilBasico(ctx: PacientesCtx, idPsicologo: number) {
  const p = await perfilBasico(ctx.db, idPsicologo);
  if (!p) throw unauthorized(MSG.sesionInvalida);
  return p;
}
