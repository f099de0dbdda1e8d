// The patient's side (the mobile app, /api/paciente): their own modules and activities, starting
// and finishing an activity, and the switch that lets their psychologist see the evidence. The
// identity comes from the token only; another patient's ids answer 404.
import { MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { type Actor, auditar } from '../../comun/auditoria';
import type { DbOrTx } from '../../db/client';
import { avisar } from '../../comun/aviso';
import { psicologoDePaciente } from '../../comun/repo';
import { conflict } from '../../errors';
import { type CtxAct, modulosDe, noEncontrada, publicar, vistas } from './comun';
import {
  actualizarAsignacion,
  asignacion,
  asignacionEnProceso,
  asignacionesDe,
  bloquearAsignacion,
  insertarAsignaciones,
  plantillaParaCambio,
} from './repo';

type Pac = { idPaciente: number };

export function misModulos(ctx: CtxAct, o: Pac) {
  return modulosDe(ctx, 'paciente', o.idPaciente);
}

export async function misActividades(ctx: CtxAct, o: Pac) {
  return vistas(ctx, 'paciente', await asignacionesDe(ctx.db, o.idPaciente));
}

async function miVista(ctx: CtxAct, idPaciente: number, id: number, db: DbOrTx = ctx.db) {
  const f = await asignacion(db, id);
  if (!f || f.id_paciente !== idPaciente) throw noEncontrada();
  const [v] = await vistas(ctx, 'paciente', [f], db);
  return v;
}

export function miActividad(ctx: CtxAct, o: Pac & { id: number }) {
  return miVista(ctx, o.idPaciente, o.id);
}

async function bloquearMia(tx: Parameters<typeof bloquearAsignacion>[0], idPaciente: number, id: number) {
  const a = await bloquearAsignacion(tx, id);
  if (!a || a.id_paciente !== idPaciente) throw noEncontrada();
  return a;
}

/** A patient starts a module activity on their own (it was no_asignada in their module). */
export async function iniciarActividadModulo(ctx: CtxAct, o: Pac & { actor: Actor; idActividad: number }) {
  const r = await ctx.db.transaction(async (tx) => {
    const p = await plantillaParaCambio(tx, o.idActividad);
    if (!p || p.eliminada_en) throw noEncontrada();
    if (p.origen !== 'modulo') throw conflict(MSG_ACTIVIDADES.soloModulo, 'SOLO_MODULO');
    if (await asignacionEnProceso(tx, o.idPaciente, o.idActividad)) throw conflict(MSG_ACTIVIDADES.yaIniciada, 'YA_INICIADA');
    const [f] = await insertarAsignaciones(tx, [
      {
        id_actividad: o.idActividad,
        id_paciente: o.idPaciente,
        id_psicologo: await psicologoDePaciente(tx, o.idPaciente),
        asignada_por: 'paciente',
        fecha_asignacion: ctx.now(),
      },
    ]);
    await auditar(tx, o.actor, { accion: 'crear', recurso: 'actividad_asignada', idRecurso: f.id, idPaciente: o.idPaciente });
    // The answer is read here, before the commit: once committed it cannot fail (decision 298).
    return { id: f.id, vista: await miVista(ctx, o.idPaciente, f.id, tx) };
  });
  // Committed: a retry after an error would start the activity twice (decision 288).
  await avisar(ctx, 'iniciar actividad', () => publicar(ctx, 'creada', [r.id], 'paciente'));
  return r.vista;
}

/** Finishing (completion time set) or taking an activity up again (cleared). */
export async function cambiarMiEstado(ctx: CtxAct, o: Pac & { actor: Actor; id: number; estado: 'en_proceso' | 'finalizada' }) {
  const v = await ctx.db.transaction(async (tx) => {
    const a = await bloquearMia(tx, o.idPaciente, o.id);
    if (a.estado !== o.estado) {
      await actualizarAsignacion(tx, o.id, { estado: o.estado, fecha_completada: o.estado === 'finalizada' ? ctx.now() : null });
      await auditar(tx, o.actor, {
        accion: 'modificar',
        recurso: 'actividad_asignada',
        idRecurso: o.id,
        idPaciente: o.idPaciente,
        detalle: { estado: o.estado },
      });
    }
    return miVista(ctx, o.idPaciente, o.id, tx);
  });
  await avisar(ctx, 'estado de actividad', () => publicar(ctx, 'actualizada', [o.id], 'paciente'));
  return v;
}

/** The per-activity switch: whether the psychologist may see this activity's evidence. */
export async function cambiarVisibilidad(ctx: CtxAct, o: Pac & { actor: Actor; id: number; visible: boolean }) {
  const v = await ctx.db.transaction(async (tx) => {
    const a = await bloquearMia(tx, o.idPaciente, o.id);
    if (a.visible_para_psicologo !== o.visible) {
      await actualizarAsignacion(tx, o.id, { visible_para_psicologo: o.visible });
      await auditar(tx, o.actor, {
        accion: 'modificar',
        recurso: 'actividad_asignada',
        idRecurso: o.id,
        idPaciente: o.idPaciente,
        detalle: { visible_para_psicologo: o.visible },
      });
    }
    return miVista(ctx, o.idPaciente, o.id, tx);
  });
  await avisar(ctx, 'visibilidad de evidencias', () => publicar(ctx, 'actualizada', [o.id], 'paciente'));
  return v;
}
