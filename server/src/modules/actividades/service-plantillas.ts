// The psychologist's side of grief modules and activity templates (spec 2 §7 Psychologist API,
// §4): the module catalogue as a patient of theirs goes through it, and their own templates beside
// the modules' (scoped like service.ts: another psychologist's template reads as absent).
import { MSG_ACTIVIDADES, type PlantillaDatos } from '@miduelo/shared/actividades';
import { type Actor, auditar } from '../../comun/auditoria';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { type CtxAct, exigirPaciente, historialProgreso, modulosDe, noPlantilla, type Psi } from './comun';
import {
  actualizarPlantilla as actualizarPlantillaRepo,
  insertarPlantilla,
  marcarPlantillaEliminada,
  plantillaParaCambio,
  plantillasVisibles,
  plantillaVisible,
} from './repo';

// ---------------------------------------------------------------- modules

export async function listarModulos(ctx: CtxAct, o: Psi & { idPaciente: number }) {
  await exigirPaciente(ctx, o.idPsicologo, o.idPaciente);
  return modulosDe(ctx, 'psicologo', o.idPaciente);
}

export async function obtenerModulo(ctx: CtxAct, o: Psi & { idPaciente: number; idModulo: number }) {
  const m = (await listarModulos(ctx, o)).find((x) => x.id_modulo === o.idModulo);
  if (!m) throw notFound(MSG_ACTIVIDADES.moduloNoEncontrado, 'MODULO_NO_ENCONTRADO');
  return m;
}

export async function historialModulos(ctx: CtxAct, o: Psi & { idPaciente: number }) {
  await exigirPaciente(ctx, o.idPsicologo, o.idPaciente);
  return historialProgreso(ctx, o.idPaciente);
}

// ---------------------------------------------------------------- templates

export async function listarPlantillas(_ctx: CtxAct, o: Psi & { psicologo?: number }) {
  // ?psicologo= names the caller's own templates; another psychologist's catalogue is not theirs.
  if (o.psicologo !== undefined && o.psicologo !== o.idPsicologo) throw forbidden(MSG_ACTIVIDADES.catalogoAjeno);
  return plantillasVisibles(_ctx.db, { idPsicologo: o.idPsicologo, soloPropias: o.psicologo !== undefined });
}

export async function buscarPlantillas(ctx: CtxAct, o: Psi & { q: string }) {
  return plantillasVisibles(ctx.db, { idPsicologo: o.idPsicologo, soloPropias: false, termino: o.q });
}

export async function obtenerPlantilla(ctx: CtxAct, o: Psi & { idActividad: number }, db: DbOrTx = ctx.db) {
  const p = await plantillaVisible(db, o.idPsicologo, o.idActividad);
  if (!p) throw noPlantilla();
  return p;
}

export async function crearPlantilla(ctx: CtxAct, o: Psi & { actor: Actor; datos: PlantillaDatos }) {
  // The answer is read inside the transaction: once committed it cannot fail (decision 298).
  return ctx.db.transaction(async (tx) => {
    const id = await insertarPlantilla(tx, o.idPsicologo, o.datos, ctx.now());
    await auditar(tx, o.actor, { accion: 'crear', recurso: 'actividad', idRecurso: id });
    return obtenerPlantilla(ctx, { idPsicologo: o.idPsicologo, idActividad: id }, tx);
  });
}

/** Locks a template for a change: module activities and other psychologists' are refused. */
async function exigirPropia(tx: Parameters<typeof plantillaParaCambio>[0], idPsicologo: number, idActividad: number) {
  const p = await plantillaParaCambio(tx, idActividad);
  if (!p || p.eliminada_en) throw noPlantilla();
  if (p.origen === 'modulo') throw forbidden(MSG_ACTIVIDADES.actividadDeModulo);
  if (p.id_psicologo_creador !== idPsicologo) throw noPlantilla();
}

export async function actualizarPlantilla(ctx: CtxAct, o: Psi & { actor: Actor; idActividad: number; datos: PlantillaDatos }) {
  return ctx.db.transaction(async (tx) => {
    await exigirPropia(tx, o.idPsicologo, o.idActividad);
    await actualizarPlantillaRepo(tx, o.idActividad, o.datos);
    await auditar(tx, o.actor, { accion: 'modificar', recurso: 'actividad', idRecurso: o.idActividad });
    return obtenerPlantilla(ctx, { idPsicologo: o.idPsicologo, idActividad: o.idActividad }, tx);
  });
}

export async function eliminarPlantilla(ctx: CtxAct, o: Psi & { actor: Actor; idActividad: number }) {
  await ctx.db.transaction(async (tx) => {
    await exigirPropia(tx, o.idPsicologo, o.idActividad);
    await marcarPlantillaEliminada(tx, o.idActividad, ctx.now());
    await auditar(tx, o.actor, { accion: 'eliminar', recurso: 'actividad', idRecurso: o.idActividad });
  });
  return { ok: true as const, msg: 'Actividad eliminada correctamente' };
}
