// The psychologist's side of assignments (spec 2 §7 Psychologist API, with the rules of §4 and §5;
// modules and templates are in service-plantillas.ts). Every read and write is scoped to the
// psychologist's own patients: any other id answers 404 and writes nothing. Writes run in one
// transaction with their audit rows and publish to the patient's and the psychologist's rooms after
// commit.
import { idClienteDistinto } from '../../comun/id-cliente';
import { type AsignarDatos, type Estadisticas, MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { avisar } from '../../comun/aviso';
import { type Actor, auditar } from '../../comun/auditoria';
import { seOpone } from '../../comun/oposicion';
import { momentoClinica } from '../../comun/reloj';
import { esPacienteDe } from '../../comun/repo';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { type CtxAct, capturar, exigirPaciente, noPlantilla, type Psi, noEncontrada, publicar, registrarProgreso, vistas } from './comun';
import { correoRecordatorioActividad } from './correo-recordatorio';
import { publicarAsignacion, publicarRecordatorio } from './eventos';
import {
  actualizarAsignacion,
  asignacion,
  asignacionesDe,
  asignacionesPorCliente,
  asignacionesPorIds,
  bloquearAsignacion,
  bloquearIdCliente,
  clavesDeAsignacion,
  contactoPaciente,
  type FilaAsignacion,
  eliminarAsignacion as eliminarAsignacionRepo,
  insertarAsignaciones,
  plantillaVisible,
} from './repo';
import { COLUMNA_INSTRUCCIONES } from './dto';
import type { AlmacenEvidencias } from './almacen';

const ENTRE_RECORDATORIOS_MS = 3600_000;

// ---------------------------------------------------------------- assignments

export async function listarAsignaciones(ctx: CtxAct, o: Psi & { idPaciente: number }) {
  await exigirPaciente(ctx, o.idPsicologo, o.idPaciente);
  return vistas(ctx, 'psicologo', await asignacionesDe(ctx.db, o.idPaciente));
}

export async function estadisticas(ctx: CtxAct, o: Psi & { idPaciente: number }): Promise<Estadisticas> {
  const lista = await listarAsignaciones(ctx, o);
  // Evidence the patient kept private is not counted (it is not in the psychologist's view).
  return {
    total: lista.length,
    enProceso: lista.filter((a) => a.estado === 'en_proceso').length,
    finalizadas: lista.filter((a) => a.estado === 'finalizada').length,
    conEvidencia: lista.filter((a) => a.total_evidencias > 0).length,
  };
}

function exigirFechaLimite(ctx: CtxAct, fecha: string | null) {
  if (fecha !== null && fecha < momentoClinica(ctx.config).hoy) throw badRequest(MSG_ACTIVIDADES.fechaLimitePasada, 'FECHA_LIMITE_PASADA');
}

/** Whether the rows a client id stored are what this request would store (decision 313): the same
 * activity, the same set of patients, deadline, priority and instructions (the stored ones
 * decrypted, compared with this request's after the create's trim). */
function mismaAsignacion(ctx: CtxAct, d: AsignarDatos, instrucciones: string | null, filas: FilaAsignacion[]) {
  const pacientes = new Set(d.pacientes);
  if (filas.length !== pacientes.size) return false;
  return filas.every(
    (f) =>
      pacientes.has(f.id_paciente) &&
      f.id_actividad === d.id_actividad &&
      f.fecha_limite === d.fecha_limite &&
      f.prioridad === d.prioridad &&
      (f.instrucciones_personalizadas === null ? null : ctx.cifrador.leer(f.instrucciones_personalizadas, COLUMNA_INSTRUCCIONES)) ===
        instrucciones,
  );
}

/** POST /actividades/asignar: every patient or none (one transaction). With a client id
 * (decision 313) every row carries it, and a retry — even a concurrent one, serialized by the id's
 * lock — answers the assignments the first attempt stored (`nueva: false`), writing, auditing and
 * publishing nothing. An id used by another psychologist's request is refused (409) and tells
 * nothing of what it stored. */
export async function asignar(ctx: CtxAct, o: Psi & { actor: Actor; datos: AsignarDatos }) {
  const d = o.datos;
  const instrucciones = (d.instrucciones_personalizadas ?? d.instrucciones_adicionales ?? '').trim() || null;
  const exigirPacientes = async (tx: DbOrTx) => {
    for (const idPaciente of d.pacientes)
      if (!(await esPacienteDe(tx, o.idPsicologo, idPaciente))) throw notFound(MSG_ACTIVIDADES.pacienteAjeno, 'PACIENTE_NO_ENCONTRADO');
  };
  if (d.id_cliente === null) exigirFechaLimite(ctx, d.fecha_limite);
  const r = await ctx.db.transaction(async (tx) => {
    if (d.id_cliente !== null) {
      // A retry is answered even after midnight made its deadline "past"; who asks is checked first.
      await exigirPacientes(tx);
      await bloquearIdCliente(tx, d.id_cliente);
      const previas = await asignacionesPorCliente(tx, d.id_cliente);
      if (previas.some((p) => p.id_psicologo !== o.idPsicologo || p.id_psicologo_paciente !== o.idPsicologo))
        throw conflict(MSG_ACTIVIDADES.idClienteUsado, 'ID_CLIENTE_USADO');
      if (previas.length > 0) {
        const ids = previas.map((p) => p.id);
        const filas = await asignacionesPorIds(tx, ids);
        // Stripe's rule: the same id with other content is not a retry — it is refused, and nothing
        // is written, rather than answering the first content as if the change had been saved.
        if (!mismaAsignacion(ctx, d, instrucciones, filas)) throw idClienteDistinto();
        return { ids, asignaciones: await vistas(ctx, 'psicologo', filas, tx), nueva: false };
      }
      exigirFechaLimite(ctx, d.fecha_limite);
    }
    if (!(await plantillaVisible(tx, o.idPsicologo, d.id_actividad))) throw noPlantilla();
    if (d.id_cliente === null) await exigirPacientes(tx);
    const filas = await insertarAsignaciones(
      tx,
      d.pacientes.map((id_paciente) => ({
        id_actividad: d.id_actividad,
        id_paciente,
        id_psicologo: o.idPsicologo,
        prioridad: d.prioridad,
        fecha_asignacion: ctx.now(),
        fecha_limite: d.fecha_limite,
        instrucciones_personalizadas: instrucciones === null ? null : ctx.cifrador.cifrar(instrucciones, COLUMNA_INSTRUCCIONES),
        id_cliente: d.id_cliente,
      })),
    );
    await auditar(
      tx,
      o.actor,
      filas.map((f) => ({
        accion: 'crear',
        recurso: 'actividad_asignada',
        idRecurso: f.id,
        idPaciente: f.id_paciente,
        detalle: { id_actividad: d.id_actividad },
      })),
    );
    const ids = filas.map((f) => f.id);
    // The answer is read before the commit: once committed it cannot fail (decision 298).
    const guardadas = [];
    for (const id of ids) {
      const g = await asignacion(tx, id);
      if (g) guardadas.push(g);
    }
    return { ids, asignaciones: await vistas(ctx, 'psicologo', guardadas, tx), nueva: true };
  });
  // Committed: a notice that cannot go out is logged, never answered as a failure — a retry of
  // 'Asignar' would assign the activity twice (decisions 287, 288). A replay publishes nothing:
  // the patient was told once.
  if (r.nueva) await avisar(ctx, 'asignar actividad', () => publicar(ctx, 'creada', r.ids, 'psicologo'));
  return { registro: { asignadas: r.ids.length, asignaciones: r.asignaciones }, nueva: r.nueva };
}

/** The assignment, locked, when it belongs to one of the psychologist's patients. */
async function bloquearPropia(tx: Parameters<typeof bloquearAsignacion>[0], idPsicologo: number, id: number) {
  const a = await bloquearAsignacion(tx, id);
  if (!a || a.id_psicologo_paciente !== idPsicologo) throw noEncontrada();
  return a;
}

/** The assignment's view, read in `db` — a write's own transaction, so that its answer cannot fail
 * once it committed (decision 298). */
async function unaVista(ctx: CtxAct, id: number, db: DbOrTx = ctx.db) {
  const f = await asignacion(db, id);
  if (!f) throw noEncontrada();
  const [v] = await vistas(ctx, 'psicologo', [f], db);
  return v;
}

/** PUT /actividades/asignadas/{id}: deadline, priority, instructions. */
export async function actualizarAsignacionCompleta(
  ctx: CtxAct,
  o: Psi & {
    actor: Actor;
    id: number;
    datos: { fecha_limite?: string | null; prioridad?: 'baja' | 'media' | 'alta'; instrucciones_personalizadas?: string };
  },
) {
  const d = o.datos;
  const v = await ctx.db.transaction(async (tx) => {
    const a = await bloquearPropia(tx, o.idPsicologo, o.id);
    // An unchanged past deadline may be kept; a new one may not be before today.
    if (d.fecha_limite !== undefined && d.fecha_limite !== a.fecha_limite) exigirFechaLimite(ctx, d.fecha_limite);
    await actualizarAsignacion(tx, o.id, {
      ...(d.fecha_limite !== undefined ? { fecha_limite: d.fecha_limite } : {}),
      ...(d.prioridad !== undefined ? { prioridad: d.prioridad } : {}),
      ...(d.instrucciones_personalizadas !== undefined
        ? { instrucciones_personalizadas: ctx.cifrador.cifrar(d.instrucciones_personalizadas, COLUMNA_INSTRUCCIONES) }
        : {}),
    });
    await auditar(tx, o.actor, { accion: 'modificar', recurso: 'actividad_asignada', idRecurso: o.id, idPaciente: a.id_paciente });
    return unaVista(ctx, o.id, tx);
  });
  await avisar(ctx, 'editar asignación', () => publicar(ctx, 'actualizada', [o.id], 'psicologo'));
  return v;
}

/** PATCH /actividades/asignadas/{id}: estado (finalizada sets the completion time, en_proceso
 * clears it) and/or instructions (not empty). */
export async function cambiarAsignacion(
  ctx: CtxAct,
  o: Psi & { actor: Actor; id: number; datos: { estado?: 'en_proceso' | 'finalizada'; instrucciones_personalizadas?: string } },
) {
  const d = o.datos;
  const v = await ctx.db.transaction(async (tx) => {
    const a = await bloquearPropia(tx, o.idPsicologo, o.id);
    await actualizarAsignacion(tx, o.id, {
      ...(d.estado !== undefined && d.estado !== a.estado
        ? { estado: d.estado, fecha_completada: d.estado === 'finalizada' ? ctx.now() : null }
        : {}),
      ...(d.instrucciones_personalizadas !== undefined
        ? { instrucciones_personalizadas: ctx.cifrador.cifrar(d.instrucciones_personalizadas, COLUMNA_INSTRUCCIONES) }
        : {}),
    });
    await auditar(tx, o.actor, {
      accion: 'modificar',
      recurso: 'actividad_asignada',
      idRecurso: o.id,
      idPaciente: a.id_paciente,
      detalle: d.estado ? { estado: d.estado } : null,
    });
    return unaVista(ctx, o.id, tx);
  });
  await avisar(ctx, 'cambiar asignación', () => publicar(ctx, 'actualizada', [o.id], 'psicologo'));
  return v;
}

export async function eliminarAsignacion(ctx: CtxAct & { almacen: AlmacenEvidencias }, o: Psi & { actor: Actor; id: number }) {
  const r = await ctx.db.transaction(async (tx) => {
    const a = await bloquearPropia(tx, o.idPsicologo, o.id);
    const ultimo = await capturar(ctx, tx, o.id);
    const claves = await clavesDeAsignacion(tx, o.id);
    await eliminarAsignacionRepo(tx, o.id);
    await auditar(tx, o.actor, { accion: 'eliminar', recurso: 'actividad_asignada', idRecurso: o.id, idPaciente: a.id_paciente });
    return { ultimo, claves };
  });
  // Files go only once their rows are gone (a failed deletion keeps both).
  for (const c of r.claves)
    await ctx.almacen.eliminar(c).catch((err) => ctx.log.warn({ err }, 'no se pudo borrar un archivo de evidencia'));
  const ultimo = r.ultimo;
  if (ultimo) {
    await avisar(ctx, 'eliminar asignación', () => publicarAsignacion(ctx.realtime, 'eliminada', { ...ultimo, por: 'psicologo' }));
    await registrarProgreso(ctx, ultimo.paciente.id_paciente);
  }
  return { ok: true as const, msg: 'Actividad eliminada correctamente' };
}

export async function revisar(ctx: CtxAct, o: Psi & { actor: Actor; id: number }) {
  const v = await ctx.db.transaction(async (tx) => {
    const a = await bloquearPropia(tx, o.idPsicologo, o.id);
    await actualizarAsignacion(tx, o.id, { revisada_en: ctx.now() });
    await auditar(tx, o.actor, { accion: 'revisar', recurso: 'actividad_asignada', idRecurso: o.id, idPaciente: a.id_paciente });
    return unaVista(ctx, o.id, tx);
  });
  await avisar(ctx, 'revisar asignación', () => publicar(ctx, 'actualizada', [o.id], 'psicologo'));
  return v;
}

export async function listarEvidencias(ctx: CtxAct, o: Psi & { actor: Actor; id: number }) {
  const f = await asignacion(ctx.db, o.id);
  if (!f || f.id_psicologo_paciente !== o.idPsicologo) throw noEncontrada();
  const [v] = await vistas(ctx, 'psicologo', [f]);
  // Reading the list of a patient's evidence is a read of clinical data (fail closed).
  await auditar(ctx.db, o.actor, {
    accion: 'leer',
    recurso: 'evidencia',
    idRecurso: null,
    idPaciente: f.id_paciente,
    detalle: { id_asignacion: o.id },
  });
  return v.evidencias;
}

/** Sends the patient a reminder mail and a live notice (at most one per hour per activity). */
export async function recordar(ctx: CtxAct & { mailer: Mailer }, o: Psi & { actor: Actor; id: number }) {
  const ahora = ctx.now();
  const r = await ctx.db.transaction(async (tx) => {
    const a = await bloquearPropia(tx, o.idPsicologo, o.id);
    if (a.estado === 'finalizada') throw conflict(MSG_ACTIVIDADES.recordatorioFinalizada, 'ACTIVIDAD_FINALIZADA');
    if (a.recordatorio_en && ahora.getTime() - a.recordatorio_en.getTime() < ENTRE_RECORDATORIOS_MS)
      throw new AppError(429, 'RECORDATORIO_RECIENTE', MSG_ACTIVIDADES.recordatorioReciente);
    await actualizarAsignacion(tx, o.id, { recordatorio_en: ahora });
    await auditar(tx, o.actor, { accion: 'recordar', recurso: 'actividad_asignada', idRecurso: o.id, idPaciente: a.id_paciente });
    // What the mail needs is read here, before the commit (decision 298): read after it, a failure
    // left recordatorio_en set with no mail sent, and the next reminder refused for an hour.
    const f = await asignacion(tx, o.id);
    if (!f) throw noEncontrada();
    const [v] = await vistas(ctx, 'paciente', [f], tx);
    // No mail when she opposed non-essential mail (decision 377): the live notice still goes.
    const sinCorreo = await seOpone(tx, f.id_paciente, 'correos');
    return { previo: a.recordatorio_en, f, v, contacto: sinCorreo ? null : await contactoPaciente(tx, f.id_paciente) };
  });
  const { previo, f, v, contacto } = r;
  try {
    if (contacto) {
      await ctx.mailer.enviar(
        correoRecordatorioActividad({
          para: contacto.email,
          nombre: contacto.nombre,
          psicologo: contacto.psicologo,
          titulo: f.actividad.titulo,
          fechaLimite: f.fecha_limite,
          instrucciones: v.instrucciones_personalizadas,
        }),
      );
    }
  } catch (err) {
    // Not sent: the next attempt must not wait an hour for a reminder that never arrived.
    await actualizarAsignacion(ctx.db, o.id, { recordatorio_en: previo });
    ctx.log.error({ err }, 'recordatorio de actividad: no se pudo enviar el correo');
    throw new AppError(503, 'CORREO_NO_DISPONIBLE', 'No se pudo enviar el recordatorio. Inténtalo de nuevo más tarde.');
  }
  // Sent: answered as an error, the reminder would be retried into the hour between reminders (decision 288).
  await avisar(ctx, 'recordatorio de actividad', () =>
    publicarRecordatorio(ctx.realtime, f.id_paciente, { id_asignacion: o.id, titulo: f.actividad.titulo }),
  );
  return { ok: true as const, msg: MSG_ACTIVIDADES.recordatorioEnviado };
}
