// What the module's services share: loading assignments as each side sees them, publishing them,
// and the modules computed for one patient.
import {
  type Asignacion,
  type EtapaDuelo,
  type Modulo,
  MSG_ACTIVIDADES,
  progresoGeneral,
  progresoModulo,
} from '@miduelo/shared/actividades';
import { notFound } from '../../errors';
import { esPacienteDe } from '../../comun/repo';
import type { Ctx } from '../../plugins/contexto';
import type { DbOrTx } from '../../db/client';
import { publicarAsignacion } from './eventos';
import { momentoClinica } from '../../comun/reloj';
import {
  actividadesDeModulos,
  asignacionesDe,
  asignacionesPorIds,
  evidenciasDe,
  type FilaAsignacion,
  guardarProgreso,
  historialDe,
  modulos,
} from './repo';
import { agruparEvidencias, type Lado, vistaAsignacion } from './dto';

export type CtxAct = Pick<Ctx, 'db' | 'config' | 'cifrador' | 'realtime' | 'mailer' | 'log' | 'now'>;

export const noEncontrada = () => notFound(MSG_ACTIVIDADES.asignacionNoEncontrada, 'ASIGNACION_NO_ENCONTRADA');
export const pacienteNoEncontrado = () => notFound(MSG_ACTIVIDADES.pacienteNoEncontrado, 'PACIENTE_NO_ENCONTRADO');
export const noPlantilla = () => notFound(MSG_ACTIVIDADES.actividadNoEncontrada, 'ACTIVIDAD_NO_ENCONTRADA');

/** The psychologist a call is scoped to. */
export type Psi = { idPsicologo: number };

/** A patient that is not this psychologist's answers 404, like one that does not exist. */
export async function exigirPaciente(ctx: Pick<CtxAct, 'db'>, idPsicologo: number, idPaciente: number) {
  if (!(await esPacienteDe(ctx.db, idPsicologo, idPaciente))) throw pacienteNoEncontrado();
}

export async function vistas(
  ctx: Pick<CtxAct, 'db' | 'cifrador'>,
  lado: Lado,
  filas: FilaAsignacion[],
  db: DbOrTx = ctx.db,
): Promise<Asignacion[]> {
  const evs = await evidenciasDe(
    db,
    filas.map((f) => f.id_asignacion),
  );
  const visibles = new Map(filas.map((f) => [f.id_asignacion, f.visible_para_psicologo]));
  const por = agruparEvidencias(ctx.cifrador, lado, evs, visibles);
  return filas.map((f) => vistaAsignacion(ctx.cifrador, f, por.get(f.id_asignacion) ?? []));
}

/** Pushes the current state of assignments to both rooms (after commit), saying who changed them. */
export async function publicar(ctx: CtxAct, tipo: 'creada' | 'actualizada', ids: number[], por: Lado): Promise<void> {
  const filas = await asignacionesPorIds(ctx.db, ids);
  const [psi, pac] = await Promise.all([vistas(ctx, 'psicologo', filas), vistas(ctx, 'paciente', filas)]);
  filas.forEach((f, i) => {
    publicarAsignacion(ctx.realtime, tipo, { idPsicologo: f.id_psicologo_paciente, psicologo: psi[i], paciente: pac[i], por });
  });
  for (const id of new Set(filas.map((f) => f.id_paciente))) await registrarProgreso(ctx, id);
}

/** Today's progress of every module of a patient (the last value of the day wins). Written after
 * the change committed: a failure here is logged, never undoes the patient's work. */
export async function registrarProgreso(ctx: CtxAct, idPaciente: number): Promise<void> {
  try {
    const fecha = momentoClinica(ctx.config).hoy;
    const mods = await modulosDe(ctx, 'psicologo', idPaciente);
    await guardarProgreso(
      ctx.db,
      mods.map((m) => ({ id_paciente: idPaciente, id_modulo: m.id_modulo, fecha, progreso: m.progreso })),
    );
  } catch (err) {
    ctx.log.error({ err }, 'historial de progreso: no se pudo registrar');
  }
}

/** The history as points: one per day with the overall value and each module's. */
export async function historialProgreso(ctx: Pick<CtxAct, 'db'>, idPaciente: number) {
  const filas = await historialDe(ctx.db, idPaciente);
  const porDia = new Map<string, Record<number, number>>();
  for (const f of filas) porDia.set(f.fecha, { ...(porDia.get(f.fecha) ?? {}), [f.id_modulo]: f.progreso });
  return [...porDia.entries()].map(([fecha, m]) => {
    const valores = Object.values(m);
    return {
      fecha,
      general: progresoGeneral(valores),
      modulos: Object.entries(m).map(([id, progreso]) => ({ id_modulo: Number(id), progreso })),
    };
  });
}

/** A deleted assignment: its last state, captured before the deletion, as each side saw it. */
export async function capturar(ctx: CtxAct, db: DbOrTx, id: number) {
  const filas = await asignacionesPorIds(db, [id]);
  if (filas.length === 0) return null;
  const [psi] = await vistas(ctx, 'psicologo', filas, db);
  const [pac] = await vistas(ctx, 'paciente', filas, db);
  return { idPsicologo: filas[0].id_psicologo_paciente, psicologo: psi, paciente: pac };
}

/** The five modules of one patient (spec 2 §2, §3, §4): every module activity of the catalogue,
 * with the state of the patient's latest assignment of it, or no_asignada. */
export async function modulosDe(ctx: Pick<CtxAct, 'db' | 'cifrador'>, lado: Lado, idPaciente: number): Promise<Modulo[]> {
  const [mods, acts, filas] = await Promise.all([modulos(ctx.db), actividadesDeModulos(ctx.db), asignacionesDe(ctx.db, idPaciente)]);
  // Latest first (asignacionesDe orders by assignment date, newest first).
  const asig = await vistas(ctx, lado, filas);
  const ultima = new Map<number, Asignacion>();
  for (const a of asig) if (!ultima.has(a.id_actividad)) ultima.set(a.id_actividad, a);
  return mods.map((m) => {
    const actividades = acts
      .filter((a) => a.id_modulo === m.id_modulo)
      .map((a) => {
        const u = ultima.get(a.id_actividad);
        return {
          id_actividad: a.id_actividad,
          id_asignacion: u?.id_asignacion ?? null,
          titulo: a.titulo,
          descripcion: a.descripcion,
          tipo: a.tipo,
          estado: u?.estado ?? ('no_asignada' as const),
          fecha_asignacion: u?.fecha_asignacion ?? null,
          fecha_completada: u?.fecha_completada ?? null,
          visible_para_psicologo: u?.visible_para_psicologo ?? false,
          evidencias: u?.evidencias ?? [],
        };
      });
    const completadas = actividades.filter((a) => a.estado === 'finalizada').length;
    return {
      id_modulo: m.id_modulo,
      nombre: m.nombre,
      etapa_duelo: m.etapa_duelo as EtapaDuelo,
      descripcion: m.descripcion,
      progreso: progresoModulo(completadas, actividades.length),
      actividades_completadas: completadas,
      actividades_en_proceso: actividades.filter((a) => a.estado === 'en_proceso').length,
      actividades_totales: actividades.length,
      actividades,
    };
  });
}
