// Topics, posts and moderation (spec 2 §2 Topic conversation, §7; docs/decisions/161–163). A post
// is numbered under its topic's row lock (gap-free `seq`), is idempotent by `id_cliente`, and is
// pushed to the topic's room after the commit.
import { LOTE_RESYNC_FORO, MSG_FOROS, tieneRango, totalPaginas } from '@miduelo/shared/foros';
import { contieneLenguajeDeCrisis } from '@miduelo/shared/foros-crisis';
import { type Actor as ActorAuditoria, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { conflict, notFound } from '../../errors';
import { mensajeDto, temaDto } from './dto';
import { publicarAlertaCrisis, publicarConteos, publicarMensaje, publicarTema, publicarVisibilidad, salasDeModeradores } from './eventos';
import { buscarForo, type Cuenta, participacion } from './repo';
import {
  type FilaMensaje,
  insertarMensajeAtomico,
  temaParaPublicar,
  buscarMensaje,
  buscarTema,
  contarMensajes,
  contarVisibles,
  insertarReporte,
  insertarTema,
  listarMensajes,
  listarReportes,
  listarTemas,
  marcarLeido,
  mensajePorCliente,
  ocultarMensaje,
} from './repo-temas';
import { type CtxForos, exigirRango, obtenerForo, sinPermiso } from './service';

const temaNoEncontrado = () => notFound(MSG_FOROS.temaNoEncontrado, 'TEMA_NO_ENCONTRADO');
const mensajeNoEncontrado = () => notFound(MSG_FOROS.mensajeNoEncontrado, 'MENSAJE_NO_ENCONTRADO');

// ---------------------------------------------------------------- topics

export async function temasDeForo(ctx: CtxForos, o: { cuenta: Cuenta; idForo: number; page: number; limit: number }) {
  await obtenerForo(ctx, o);
  const p = await participacion(ctx.db, o.cuenta, o.idForo);
  const r = await listarTemas(ctx.db, ctx.cifrador, o.idForo, p?.id_participante ?? null, { page: o.page, limit: o.limit });
  return { data: r.data.map(temaDto), meta: { total: r.total, page: o.page, limit: o.limit, totalPages: totalPaginas(r.total, o.limit) } };
}

export async function crearTema(ctx: CtxForos, o: { cuenta: Cuenta; idForo: number; titulo: string }) {
  const f = await obtenerForo(ctx, o);
  exigirRango(f.rol_usuario, 'miembro');
  const p = await participacion(ctx.db, o.cuenta, o.idForo);
  // The topic and its answer in one transaction: read after the insert committed, a failed read
  // answered an error for a stored topic, and the retry opened it twice (decision 298).
  const { idTema, fila } = await ctx.db.transaction(async (tx) => {
    const idTema = await insertarTema(tx, ctx.cifrador, { idForo: o.idForo, titulo: o.titulo, autor: o.cuenta, ahora: ctx.now() });
    const [fila] = (await listarTemas(tx, ctx.cifrador, o.idForo, p?.id_participante ?? null, { page: 1, limit: 1, idTema })).data;
    return { idTema, fila };
  });
  const tema = temaDto(fila);
  // Stored: a retry after an error would open the topic twice (decision 288).
  await avisar(ctx, 'foros: tema', () => publicarTema(ctx.realtime, tema));
  await publicarConteos(ctx, o.idForo, f.publico);
  const crisis = contieneLenguajeDeCrisis(o.titulo);
  if (crisis) await publicarAlertaCrisis(ctx, { id_foro: o.idForo, titulo_foro: f.titulo, id_tema: idTema, id_mensaje: null });
  return { ...tema, crisis };
}

/** The topic if the account may read its forum (404 otherwise), with the account's role there. */
async function temaLegible(ctx: CtxForos, cuenta: Cuenta, idTema: number) {
  const t = await buscarTema(ctx.db, ctx.cifrador, cuenta, idTema);
  if (!t) throw temaNoEncontrado();
  const p = await participacion(ctx.db, cuenta, t.id_foro);
  return { ...t, participante: p };
}

// ---------------------------------------------------------------- posts

/** What a page of posts tells of its topic: the last sequence number, the forum it lives in and its title. */
const delTema = (t: { ultimo_seq: number; id_foro: number; titulo: string }) => ({
  ultimo_seq: t.ultimo_seq,
  id_foro: t.id_foro,
  titulo_tema: t.titulo,
});

/** Chronological pages (page 1 = oldest), or every post after `despuesDe`. */
export async function mensajesDeTema(
  ctx: CtxForos,
  o: { cuenta: Cuenta; idTema: number; page: number; limit: number; despuesDe?: number; limite?: number },
) {
  const t = await temaLegible(ctx, o.cuenta, o.idTema);
  const moderador = tieneRango(t.participante?.rol, 'moderador');
  const total = await contarMensajes(ctx.db, o.idTema);
  if (o.despuesDe !== undefined) {
    const limite = o.limite ?? LOTE_RESYNC_FORO;
    const filas = await listarMensajes(ctx.db, ctx.cifrador, o.idTema, { despuesDe: o.despuesDe, limite });
    return {
      data: filas.map((m) => mensajeDto(m, moderador)),
      meta: { total, page: 1, limit: limite, totalPages: totalPaginas(total, limite), ...delTema(t) },
    };
  }
  const filas = await listarMensajes(ctx.db, ctx.cifrador, o.idTema, { limite: o.limit, offset: (o.page - 1) * o.limit });
  return {
    data: filas.map((m) => mensajeDto(m, moderador)),
    meta: { total, page: o.page, limit: o.limit, totalPages: totalPaginas(total, o.limit), ...delTema(t) },
  };
}

/** The socket's join: the same read check, then what the socket missed after `despuesDe`. */
export async function sincronizarTema(ctx: CtxForos, o: { cuenta: Cuenta; idTema: number; despuesDe: number }) {
  const r = await mensajesDeTema(ctx, { ...o, page: 1, limit: LOTE_RESYNC_FORO, limite: LOTE_RESYNC_FORO });
  return { mensajes: r.data, ultimo_seq: r.meta.ultimo_seq, hay_mas: r.data.length === LOTE_RESYNC_FORO };
}

/**
 * Publishes a post of a participant. With `idCliente`, a retried send (even a concurrent one:
 * the topic lock is taken before the duplicate check) returns the stored post and writes nothing.
 * Crisis language does not stop the post: its author gets `crisis` to show the crisis lines and
 * the forum's moderators are alerted (docs/decisions/162).
 */
export async function publicarEnTema(ctx: CtxForos, o: { cuenta: Cuenta; idTema: number; contenido: string; idCliente: string | null }) {
  const crisis = contieneLenguajeDeCrisis(o.contenido);
  const t = await temaParaPublicar(ctx.db, o.cuenta, o.idTema);
  if (!t || (!t.publico && t.id_participante === null)) throw temaNoEncontrado();
  exigirRango(t.rol, 'miembro');
  const ahora = ctx.now();
  let guardado: Awaited<ReturnType<typeof insertarMensajeAtomico>> = null;
  try {
    guardado = await insertarMensajeAtomico(ctx.db, ctx.cifrador, {
      idTema: o.idTema,
      autor: o.cuenta,
      contenido: o.contenido,
      idCliente: o.idCliente,
      crisis,
      ahora,
    });
  } catch (err) {
    // A concurrent retry with the same client id: the other one stored it.
    if (restriccionUnicaViolada(err) === null) throw err;
  }
  let fila: FilaMensaje | null;
  if (guardado) {
    fila = {
      id_mensaje: guardado.id_mensaje,
      id_tema: o.idTema,
      seq: guardado.seq,
      autor_tipo: o.cuenta.tipo,
      autor_id: o.cuenta.id,
      autor_nombre: t.nombre,
      autor_apellido: t.apellido,
      contenido: o.contenido,
      id_cliente: o.idCliente,
      crisis,
      oculto: guardado.oculto,
      fecha_envio: ahora,
    };
  } else {
    fila = o.idCliente ? await mensajePorCliente(ctx.db, ctx.cifrador, o.idTema, o.cuenta, o.idCliente) : null;
    if (!fila) throw temaNoEncontrado();
  }
  const dto = mensajeDto(fila);
  // A retry re-sends the event too: a client that lost the answer may have missed it; readers merge by seq.
  // Stored: a post without a client id answered with an error would be posted again (decision 288).
  const ultimoSeq = Math.max(fila.seq, t.ultimo_seq);
  await avisar(ctx, 'foros: mensaje', async () =>
    publicarMensaje(ctx.realtime, t.id_foro, dto, ultimoSeq, await contarVisibles(ctx.db, o.idTema)),
  );
  if (guardado && crisis)
    await publicarAlertaCrisis(ctx, { id_foro: t.id_foro, titulo_foro: t.titulo_foro, id_tema: o.idTema, id_mensaje: dto.id_mensaje });
  return { mensaje: { ...dto, crisis: fila.crisis }, nuevo: guardado !== null };
}

/** Marks the topic read up to its last post for a participant (the per-topic unread count). */
export async function marcarTemaLeido(ctx: CtxForos, o: { cuenta: Cuenta; idTema: number }) {
  const t = await temaLegible(ctx, o.cuenta, o.idTema);
  if (!t.participante) throw sinPermiso(MSG_FOROS.soloParticipantes);
  await marcarLeido(ctx.db, o.idTema, t.participante.id_participante, t.ultimo_seq);
  return { hasta_seq: t.ultimo_seq, no_leidos: 0 };
}

// ---------------------------------------------------------------- moderation

/** Hides (or shows again) a post: moderators and the forum admin. The post stays for the record. */
export async function ocultarPost(ctx: CtxForos, o: { cuenta: Cuenta; auditoria: ActorAuditoria; idMensaje: number; oculto: boolean }) {
  const m = await buscarMensaje(ctx.db, o.cuenta, o.idMensaje);
  if (!m) throw mensajeNoEncontrado();
  const p = await participacion(ctx.db, o.cuenta, m.id_foro);
  exigirRango(p?.rol, 'moderador');
  const fila = await ctx.db.transaction(async (tx) => {
    await ocultarMensaje(tx, o.idMensaje, { oculto: o.oculto, por: p?.id_participante as number, ahora: ctx.now() });
    await auditar(tx, o.auditoria, {
      accion: o.oculto ? 'ocultar_mensaje' : 'mostrar_mensaje',
      recurso: 'foro_mensaje',
      idRecurso: o.idMensaje,
      detalle: { id_foro: m.id_foro, id_tema: m.id_tema },
    });
    const [f] = await listarMensajes(tx, ctx.cifrador, m.id_tema, { limite: 1, idMensaje: o.idMensaje });
    return f;
  });
  await publicarVisibilidad(ctx, m.id_foro, mensajeDto(fila));
  return mensajeDto(fila, true);
}

/** Any participant reports a post once; the forum's moderators hear of it at once. */
export async function reportarPost(ctx: CtxForos, o: { cuenta: Cuenta; idMensaje: number; motivo: string | null }) {
  const m = await buscarMensaje(ctx.db, o.cuenta, o.idMensaje);
  if (!m) throw mensajeNoEncontrado();
  const p = await participacion(ctx.db, o.cuenta, m.id_foro);
  if (!p) throw sinPermiso(MSG_FOROS.soloParticipantes);
  const id = await insertarReporte(ctx.db, ctx.cifrador, {
    idMensaje: o.idMensaje,
    idParticipante: p.id_participante,
    motivo: o.motivo,
    ahora: ctx.now(),
  });
  if (id === null) throw conflict(MSG_FOROS.yaReportado, 'YA_REPORTADO');
  await avisar(ctx, 'foros: reporte', async () => {
    const salas = await salasDeModeradores(ctx, m.id_foro);
    if (salas.length)
      ctx.realtime.emitir(salas, 'foro:reporte', {
        id_foro: m.id_foro,
        titulo_foro: m.titulo_foro,
        id_tema: m.id_tema,
        id_mensaje: o.idMensaje,
        id_reporte: id,
      });
  });
  return { id_reporte: id, msg: MSG_FOROS.reporteEnviado };
}

export async function reportesDeForo(ctx: CtxForos, o: { cuenta: Cuenta; idForo: number }) {
  const f = await buscarForo(ctx.db, o.cuenta, o.idForo);
  if (!f) throw notFound(MSG_FOROS.foroNoEncontrado, 'FORO_NO_ENCONTRADO');
  exigirRango(f.rol_usuario, 'moderador');
  return (await listarReportes(ctx.db, ctx.cifrador, o.idForo)).map((r) => ({
    id_reporte: r.id_reporte,
    id_mensaje: r.id_mensaje,
    id_tema: r.id_tema,
    tema: r.tema,
    motivo: r.motivo,
    fecha: r.fecha.toISOString(),
    reportante: { nombre: r.reportante_nombre, apellido: r.reportante_apellido, tipo: r.reportante_tipo },
    mensaje: mensajeDto(r, true),
  }));
}
