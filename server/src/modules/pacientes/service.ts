// The psychologist's patients and the patient file (spec 1 §7 Patients). Every read is scoped to
// the psychologist of the token: another psychologist's patient answers 404, exactly like an id
// that does not exist, so nothing about it leaks.
import { MSG_PERDIDA, motivoAniversario, type PerdidaDatos, ventanaLista } from '@miduelo/shared/pacientes-aniversario';
import { MSG } from '@miduelo/shared/cuentas';
import { MSG_PACIENTES } from '@miduelo/shared/pacientes';
import type { Actor } from '../../comun/auditoria';
import { auditar } from '../../comun/auditoria';
import type { Cifrador } from '../../comun/cifrado';
import { cifrarFechaPerdida, leerFechaPerdida } from '../../comun/perdida';
import { momentoClinica } from '../../comun/reloj';
import { esPacienteDe } from '../../comun/repo';
import { badRequest, notFound, unauthorized } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import type { DbOrTx } from '../../db/client';
import {
  COLUMNA_PERSONA_PERDIDA,
  type FilaPaciente as FilaLista,
  guardarPerdida,
  pacienteDePsicologo,
  pacientesDePsicologo,
  perfilBasico,
  proximaCita,
} from './repo';

type CtxPacientes = Pick<Ctx, 'db' | 'config' | 'cifrador'>;
type FilaPaciente = Awaited<ReturnType<typeof pacienteDePsicologo>> & {};

/** Opens the loss (date and who) and adds the anniversary mark of the list's window. */
function aPaciente(cif: Cifrador, f: FilaPaciente, ventana: { desde: string; hasta: string }) {
  const fecha_perdida = leerFechaPerdida(cif, f.fecha_perdida);
  return {
    ...f,
    fecha_perdida,
    persona_perdida: f.persona_perdida === null ? null : cif.leer(f.persona_perdida, COLUMNA_PERSONA_PERDIDA),
    aniversario: motivoAniversario(fecha_perdida, ventana.desde, ventana.hasta),
  };
}

export async function listarPacientes(ctx: CtxPacientes, { idPsicologo }: { idPsicologo: number }) {
  const ventana = ventanaLista(momentoClinica(ctx.config).hoy);
  const filas = await pacientesDePsicologo(ctx.db, idPsicologo);
  // The driver's rows are completed in place (no copy of 200 objects per request; decision 221).
  for (const f of filas as (FilaLista & { aniversario?: ReturnType<typeof motivoAniversario> })[]) {
    if (f.persona_perdida !== null) f.persona_perdida = ctx.cifrador.leer(f.persona_perdida, COLUMNA_PERSONA_PERDIDA);
    if (f.fecha_perdida !== null) f.fecha_perdida = leerFechaPerdida(ctx.cifrador, f.fecha_perdida);
    f.aniversario = motivoAniversario(f.fecha_perdida, ventana.desde, ventana.hasta);
  }
  return filas as (FilaLista & { aniversario: ReturnType<typeof motivoAniversario> })[];
}

export async function obtenerPaciente(ctx: CtxPacientes, o: { idPsicologo: number; idPaciente: number }, db: DbOrTx = ctx.db) {
  const p = await pacienteDePsicologo(db, o.idPsicologo, o.idPaciente);
  if (!p) throw notFound(MSG_PACIENTES.noEncontrado, 'PACIENTE_NO_ENCONTRADO');
  return aPaciente(ctx.cifrador, p, ventanaLista(momentoClinica(ctx.config).hoy));
}

/** PUT /paciente/{id}/perdida: sets or clears the loss (date not in the future, clinic zone). */
export async function actualizarPerdida(ctx: CtxPacientes, actor: Actor, o: { idPsicologo: number; idPaciente: number } & PerdidaDatos) {
  const { hoy } = momentoClinica(ctx.config);
  if (o.fecha_perdida !== null && o.fecha_perdida > hoy) throw badRequest(MSG_PERDIDA.fechaFutura);
  const cifrada = o.persona_perdida === null ? null : ctx.cifrador.cifrar(o.persona_perdida, COLUMNA_PERSONA_PERDIDA);
  // The patient answered is read before the commit: once committed it cannot fail (decision 298).
  return ctx.db.transaction(async (tx) => {
    const ok = await guardarPerdida(tx, {
      ...o,
      fecha_perdida: cifrarFechaPerdida(ctx.cifrador, o.fecha_perdida),
      persona_perdida: cifrada,
    });
    if (!ok) throw notFound(MSG_PACIENTES.noEncontrado, 'PACIENTE_NO_ENCONTRADO');
    // Whether each field is set, never the text itself.
    await auditar(tx, actor, {
      accion: 'actualizar_perdida',
      recurso: 'paciente',
      idRecurso: o.idPaciente,
      idPaciente: o.idPaciente,
      detalle: { fecha: o.fecha_perdida !== null, persona: o.persona_perdida !== null },
    });
    return obtenerPaciente(ctx, o, tx);
  });
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
