// Weekly agendas, availability slots and exceptions (spec 1 §7 Agenda, §8; decisions 030, 033, 034).
import { type Disponibilidad, type DisponibilidadDatos, type ExcepcionDatos, MSG_AGENDA } from '@miduelo/shared/agenda';
import { intervaloDe, lunesDe, seSolapan, sumarDias } from '@miduelo/shared/agenda-tiempo';
import type { Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { avisar } from '../../comun/aviso';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { momentoClinica } from '../../comun/reloj';
import { publicarDisponibilidad, publicarExcepcion } from './eventos';
import { agendaPorSemana, asegurarAgenda, bloquearPsicologo, citasQueChocan } from './repo';
import {
  borrarDisponibilidad,
  borrarExcepcion,
  disponibilidadDe,
  disponibilidadPorId,
  excepcionesDe,
  insertarDisponibilidad,
  insertarExcepcion,
  modificarDisponibilidad,
} from './repo-horario';
import { disponibilidadPorDefecto } from './reglas';
import type { AgendaCtx } from './service-citas';

// ---------- Weekly agenda ----------

/** GET /agenda/{id}: the agenda of the week holding `semana_inicio` (this week when absent). */
export async function obtenerAgenda(ctx: AgendaCtx, { idPsicologo, semanaInicio }: { idPsicologo: number; semanaInicio?: string }) {
  const lunes = lunesDe(semanaInicio ?? momentoClinica(ctx.config).hoy);
  const agenda = await agendaPorSemana(ctx.db, idPsicologo, lunes);
  if (!agenda) throw notFound(MSG_AGENDA.agendaNoEncontrada, 'AGENDA_NO_ENCONTRADA');
  return { agenda };
}

/** POST /agenda: idempotent; the caller learns whether this call created it. */
export async function crearAgenda(ctx: AgendaCtx, o: { idPsicologo: number; semana_inicio: string; semana_fin: string }) {
  if (lunesDe(o.semana_inicio) !== o.semana_inicio) throw badRequest(MSG_AGENDA.semanaLunes);
  if (sumarDias(o.semana_inicio, 6) !== o.semana_fin) throw badRequest(MSG_AGENDA.semanaDomingo);
  return asegurarAgenda(ctx.db, o.idPsicologo, o.semana_inicio, o.semana_fin);
}

// ---------- Availability ----------

function solapaConOtra(d: DisponibilidadDatos, existentes: Disponibilidad[], excluir?: number) {
  return existentes.some(
    (e) => e.id_disponibilidad !== excluir && e.dia_semana === d.dia_semana && seSolapan(intervaloDe(e), intervaloDe(d)),
  );
}

/** The psychologist's slots; with none, the default Monday–Friday 09:00–18:30 is created (spec 1 §8). */
export async function listarDisponibilidad(ctx: AgendaCtx, { idPsicologo }: { idPsicologo: number }) {
  const actuales = await disponibilidadDe(ctx.db, idPsicologo);
  if (actuales.length > 0) return actuales;
  const r = await ctx.db.transaction(async (tx) => {
    await bloquearPsicologo(tx, idPsicologo);
    // Re-read under the lock: another tab may have created them a moment ago.
    const ya = await disponibilidadDe(tx, idPsicologo);
    if (ya.length > 0) return { lista: ya, creadas: false };
    await insertarDisponibilidad(tx, disponibilidadPorDefecto(idPsicologo));
    return { lista: await disponibilidadDe(tx, idPsicologo), creadas: true };
  });
  if (r.creadas) await avisar(ctx, 'disponibilidad por defecto', () => publicarDisponibilidad(ctx.realtime, idPsicologo, r.lista));
  return r.lista;
}

/** One availability write under the psychologist's lock, then the whole new list pushed live. */
async function escribirDisponibilidad<T>(ctx: AgendaCtx, idPsicologo: number, cambio: (tx: Tx) => Promise<T>) {
  let r: { resultado: T; lista: Disponibilidad[] };
  try {
    r = await ctx.db.transaction(async (tx) => {
      await bloquearPsicologo(tx, idPsicologo);
      const resultado = await cambio(tx);
      return { resultado, lista: await disponibilidadDe(tx, idPsicologo) };
    });
  } catch (err) {
    if (restriccionUnicaViolada(err)) throw conflict(MSG_AGENDA.disponibilidadSolapada, 'DISPONIBILIDAD_SOLAPADA');
    throw err;
  }
  await avisar(ctx, 'disponibilidad', () => publicarDisponibilidad(ctx.realtime, idPsicologo, r.lista));
  return r.resultado;
}

export function agregarDisponibilidad(ctx: AgendaCtx, { idPsicologo, datos: d }: { idPsicologo: number; datos: DisponibilidadDatos }) {
  return escribirDisponibilidad(ctx, idPsicologo, async (tx) => {
    if (solapaConOtra(d, await disponibilidadDe(tx, idPsicologo)))
      throw conflict(MSG_AGENDA.disponibilidadSolapada, 'DISPONIBILIDAD_SOLAPADA');
    const [creada] = await insertarDisponibilidad(tx, [
      { id_psicologo: idPsicologo, dia_semana: d.dia_semana, hora_inicio: d.hora_inicio, hora_fin: d.hora_fin },
    ]);
    return creada;
  });
}

export function actualizarDisponibilidad(
  ctx: AgendaCtx,
  { idPsicologo, id, datos: d }: { idPsicologo: number; id: number; datos: DisponibilidadDatos },
) {
  return escribirDisponibilidad(ctx, idPsicologo, async (tx) => {
    if (!(await disponibilidadPorId(tx, idPsicologo, id))) throw notFound(MSG_AGENDA.disponibilidadNoEncontrada);
    if (solapaConOtra(d, await disponibilidadDe(tx, idPsicologo), id))
      throw conflict(MSG_AGENDA.disponibilidadSolapada, 'DISPONIBILIDAD_SOLAPADA');
    return modificarDisponibilidad(tx, id, { dia_semana: d.dia_semana, hora_inicio: d.hora_inicio, hora_fin: d.hora_fin });
  });
}

/** Existing appointments stay where they are: availability governs new bookings only. */
export function eliminarDisponibilidad(
  ctx: AgendaCtx,
  { idPsicologo, dia, horaInicio }: { idPsicologo: number; dia: string; horaInicio: string },
) {
  return escribirDisponibilidad(ctx, idPsicologo, async (tx) => {
    const borradas = await borrarDisponibilidad(tx, idPsicologo, dia, horaInicio);
    if (borradas.length === 0) throw notFound(MSG_AGENDA.disponibilidadNoEncontrada);
    return { msg: MSG_AGENDA.disponibilidadEliminada };
  });
}

// ---------- Exceptions (decision 034) ----------

export async function crearExcepcion(ctx: AgendaCtx, { idPsicologo, datos: d }: { idPsicologo: number; datos: ExcepcionDatos }) {
  const m = momentoClinica(ctx.config);
  if (d.fecha < m.hoy) throw badRequest(MSG_AGENDA.excepcionPasada, 'FECHA_PASADA');
  const creada = await ctx.db.transaction(async (tx) => {
    await bloquearPsicologo(tx, idPsicologo);
    const choques = await citasQueChocan(tx, {
      idPsicologo,
      fecha: d.fecha,
      hora_inicio: d.hora_inicio ?? '00:00',
      hora_fin: d.hora_fin ?? '24:00',
    });
    if (choques.length > 0) throw conflict(MSG_AGENDA.excepcionConCitas, 'EXCEPCION_CON_CITAS');
    return insertarExcepcion(tx, { id_psicologo: idPsicologo, ...d, createdAt: m.ahora });
  });
  await avisar(ctx, 'crear excepción', () => publicarExcepcion(ctx.realtime, 'creada', creada));
  return creada;
}

/** Today's and later exceptions; past ones no longer affect anything. */
export function listarExcepciones(ctx: AgendaCtx, { idPsicologo }: { idPsicologo: number }) {
  return excepcionesDe(ctx.db, idPsicologo, { desde: momentoClinica(ctx.config).hoy });
}

export async function eliminarExcepcion(ctx: AgendaCtx, { idPsicologo, id }: { idPsicologo: number; id: number }) {
  const borrada = await ctx.db.transaction(async (tx) => {
    await bloquearPsicologo(tx, idPsicologo);
    return borrarExcepcion(tx, idPsicologo, id);
  });
  if (!borrada) throw notFound(MSG_AGENDA.excepcionNoEncontrada);
  await avisar(ctx, 'eliminar excepción', () => publicarExcepcion(ctx.realtime, 'eliminada', borrada));
  return { msg: MSG_AGENDA.excepcionEliminada };
}
