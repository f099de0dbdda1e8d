// Rules of the forums, their participants and invitations (spec 2 §4–§7, docs/decisions/160–164).
// Writes run in one transaction under the forum's row lock; events leave after the commit.
import { MSG_FOROS, type RolForo as Rol, tieneRango, totalPaginas } from '@miduelo/shared/foros';
import { type Actor as ActorAuditoria, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { cuentaDeSesion, type Sesion } from '../../plugins/auth';
import type { Ctx } from '../../plugins/contexto';
import { foroDto, invitacionDto, participanteDto } from './dto';
import { publicarConteos, publicarInvitaciones, sacarDeSalas, temasDe } from './eventos';
import {
  actualizarForo as actualizarForoRepo,
  bloquearForo,
  bloquearInvitacion,
  buscarForo,
  bloquear,
  cambiarRol,
  contarPendientes,
  type Cuenta,
  cuentasDelForo,
  eliminarForo as eliminarForoRepo,
  eliminarParticipante,
  estaBloqueado,
  insertarForo,
  insertarInvitacion,
  insertarParticipante,
  invitadosDelForo,
  listarForos as listarForosRepo,
  listarInvitaciones,
  listarParticipantes,
  participacion,
  psicologoActivoPorCorreo,
  responderInvitacion as responderRepo,
} from './repo';
import { salaForo, salaPersonal } from './salas';

export type CtxForos = Pick<Ctx, 'db' | 'realtime' | 'now' | 'log' | 'cifrador' | 'config'>;

/** Forum role refusals are business rules, not a lost session (client: decision 010). */
export const sinPermiso = (msg: string) => new AppError(403, 'FORO_PERMISO', msg);
const foroNoEncontrado = () => notFound(MSG_FOROS.foroNoEncontrado, 'FORO_NO_ENCONTRADO');

/** A psychologist whose licence is still unvalidated after the grace period reaches no new people
 * (decision 002): no new forum, no invitation. */
function exigirCuentaCompleta(ctx: CtxForos, s: Sesion) {
  if (s.tipo !== 'psicologo') return;
  if (
    diasRestantes(
      { rol_admin: s.rol_admin, cedula_validada: s.cedula_validada, createdAt: s.creadoEn },
      ctx.now(),
      ctx.config.diasGraciaValidacion,
    ) === 0
  )
    throw new AppError(403, 'CUENTA_LIMITADA', MSG_FOROS.cuentaLimitada);
}

export function exigirRango(rol: Rol | null | undefined, minimo: Rol) {
  if (tieneRango(rol, minimo)) return;
  if (rol == null) throw sinPermiso(MSG_FOROS.soloParticipantes);
  throw sinPermiso(minimo === 'admin' ? MSG_FOROS.soloAdmin : MSG_FOROS.soloModeradores);
}

// ---------------------------------------------------------------- forums

export async function listarForos(
  ctx: CtxForos,
  o: { cuenta: Cuenta | null; buscar: string; publico?: boolean; ordenar: 'recientes' | 'antiguos'; page: number; limit: number },
) {
  const { cuenta, ...q } = o;
  const r = await listarForosRepo(ctx.db, cuenta, q);
  return { data: r.data.map(foroDto), meta: { total: r.total, page: o.page, limit: o.limit, totalPages: totalPaginas(r.total, o.limit) } };
}

/** The forum as `cuenta` sees it, read in `db`: a write passes its own transaction, so that its
 * answer cannot fail once it committed (decision 298). */
export async function obtenerForo(ctx: CtxForos, o: { cuenta: Cuenta | null; idForo: number }, db: DbOrTx = ctx.db) {
  const f = await buscarForo(db, o.cuenta, o.idForo);
  if (!f) throw foroNoEncontrado();
  return f;
}

export async function crearForo(
  ctx: CtxForos,
  o: { sesion: Sesion; auditoria: ActorAuditoria; titulo: string; descripcion: string | null; publico: boolean },
) {
  exigirCuentaCompleta(ctx, o.sesion);
  const cuenta = cuentaDeSesion(o.sesion);
  if (cuenta.tipo !== 'psicologo') throw sinPermiso(MSG_FOROS.soloAdmin);
  const ahora = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const id = await insertarForo(tx, { titulo: o.titulo, descripcion: o.descripcion, publico: o.publico, idCreador: cuenta.id, ahora });
    await insertarParticipante(tx, id, cuenta, 'admin', ahora);
    await auditar(tx, o.auditoria, { accion: 'crear', recurso: 'foro', idRecurso: id, detalle: { publico: o.publico } });
    return obtenerForo(ctx, { cuenta, idForo: id }, tx);
  });
}

export async function actualizarForo(
  ctx: CtxForos,
  o: {
    cuenta: Cuenta;
    auditoria: ActorAuditoria;
    idForo: number;
    datos: { titulo?: string; descripcion?: string | null; publico?: boolean };
  },
) {
  const r = await ctx.db.transaction(async (tx) => {
    const f = await bloquearForo(tx, o.cuenta, o.idForo);
    if (!f || (!f.publico && !f.participante)) throw foroNoEncontrado();
    exigirRango(f.participante?.rol, 'admin');
    await actualizarForoRepo(tx, o.idForo, { ...o.datos, ahora: ctx.now() });
    await auditar(tx, o.auditoria, {
      accion: 'actualizar',
      recurso: 'foro',
      idRecurso: o.idForo,
      detalle: { campos: Object.keys(o.datos) },
    });
    return { previo: f, foro: await obtenerForo(ctx, { cuenta: o.cuenta, idForo: o.idForo }, tx) };
  });
  const ahoraPrivado = o.datos.publico === false && r.previo.publico;
  if (ahoraPrivado) {
    // Readers who are not participants lose the forum at once: nobody keeps a room of a forum they
    // could no longer open. Participants are told to open it again.
    sacarDeSalas(ctx, o.idForo, 'todos', await temasDe(ctx, o.idForo));
  }
  await avisar(ctx, 'foros: foro actualizado', async () => {
    const participantes = (await cuentasDelForo(ctx.db, o.idForo)).map(salaPersonal);
    ctx.realtime.emitir([salaForo(o.idForo), ...participantes], 'foro:cambio', { id_foro: o.idForo, eliminado: false });
  });
  return r.foro;
}

export async function eliminarForo(ctx: CtxForos, o: { cuenta: Cuenta; auditoria: ActorAuditoria; idForo: number }) {
  const temas = await temasDe(ctx, o.idForo);
  const r = await ctx.db.transaction(async (tx) => {
    const f = await bloquearForo(tx, o.cuenta, o.idForo);
    if (!f || (!f.publico && !f.participante)) throw foroNoEncontrado();
    exigirRango(f.participante?.rol, 'admin');
    const participantes = await cuentasDelForo(tx, o.idForo);
    // Read under the forum's lock, which every invitation to it takes: none is added meanwhile.
    const invitados = await invitadosDelForo(tx, o.idForo);
    await eliminarForoRepo(tx, o.idForo);
    await auditar(tx, o.auditoria, { accion: 'eliminar', recurso: 'foro', idRecurso: o.idForo });
    return { participantes, invitados, publico: f.publico };
  });
  await avisar(ctx, 'foros: foro eliminado', () =>
    ctx.realtime.emitir([salaForo(o.idForo), ...r.participantes.map(salaPersonal)], 'foro:cambio', { id_foro: o.idForo, eliminado: true }),
  );
  sacarDeSalas(ctx, o.idForo, 'todos', temas);
  // Its invitations went with it: the invitees' counts and lists drop them.
  await publicarInvitaciones(ctx, r.invitados);
  return { msg: MSG_FOROS.eliminado };
}

/** Patients join public forums (spec 2 §6); psychologists take part by creating or by invitation. */
export async function unirseAForo(ctx: CtxForos, o: { cuenta: Cuenta; idForo: number }) {
  const r = await ctx.db.transaction(async (tx) => {
    const f = await bloquearForo(tx, o.cuenta, o.idForo);
    if (!f || (!f.publico && !f.participante)) throw foroNoEncontrado();
    if (o.cuenta.tipo === 'psicologo') throw new AppError(403, 'FORO_PSICOLOGO', MSG_FOROS.psicologosNoUnirse);
    if (f.participante) throw conflict(MSG_FOROS.yaParticipas, 'YA_PARTICIPA');
    if (await estaBloqueado(tx, o.idForo, o.cuenta)) throw sinPermiso(MSG_FOROS.removidoDelForo);
    await insertarParticipante(tx, o.idForo, o.cuenta, 'miembro', ctx.now());
    return { publico: f.publico, foro: await obtenerForo(ctx, { cuenta: o.cuenta, idForo: o.idForo }, tx) };
  });
  await publicarConteos(ctx, o.idForo, r.publico);
  return r.foro;
}

/** A patient leaves a forum they joined (decision 210): their posts stay, as after a removal, but
 * nothing stops them joining again. Moderators and admins are professionals who leave otherwise.
 * A private forum is no longer hers to read (decision 286): her sockets leave its rooms, as after a
 * removal, and she gets the forum as she left it, without her. */
export async function salirDeForo(ctx: CtxForos, o: { cuenta: Cuenta; idForo: number }) {
  const temas = await temasDe(ctx, o.idForo);
  const r = await ctx.db.transaction(async (tx) => {
    const f = await bloquearForo(tx, o.cuenta, o.idForo);
    if (!f || (!f.publico && !f.participante)) throw foroNoEncontrado();
    if (!f.participante) throw conflict(MSG_FOROS.noParticipas, 'NO_PARTICIPA');
    if (f.participante.rol !== 'miembro') throw sinPermiso(MSG_FOROS.soloMiembrosSalen);
    const visto = f.publico ? null : await buscarForo(tx, o.cuenta, o.idForo);
    await eliminarParticipante(tx, f.participante.id_participante);
    // A public forum she still reads, as she now sees it, read before the commit (decision 298).
    return { publico: f.publico, visto, foro: f.publico ? await obtenerForo(ctx, { cuenta: o.cuenta, idForo: o.idForo }, tx) : null };
  });
  if (!r.publico) sacarDeSalas(ctx, o.idForo, [o.cuenta], temas);
  await publicarConteos(ctx, o.idForo, r.publico);
  if (r.visto) return { ...r.visto, rol_usuario: null, total_participantes: r.visto.total_participantes - 1 };
  if (!r.foro) throw foroNoEncontrado();
  return r.foro;
}

// ---------------------------------------------------------------- participants

export async function participantesDeForo(ctx: CtxForos, o: { cuenta: Cuenta; idForo: number }) {
  await obtenerForo(ctx, o);
  return (await listarParticipantes(ctx.db, o.idForo)).map(participanteDto);
}

/** A moderator removes a member; the forum admin also a moderator. Nobody removes an equal or
 * higher role, nor themself (spec 2 §4's order, docs/decisions/164). */
export async function quitarParticipante(
  ctx: CtxForos,
  o: { cuenta: Cuenta; auditoria: ActorAuditoria; idForo: number; idParticipante: number },
) {
  const temas = await temasDe(ctx, o.idForo);
  const r = await ctx.db.transaction(async (tx) => {
    const f = await bloquearForo(tx, o.cuenta, o.idForo);
    if (!f || (!f.publico && !f.participante)) throw foroNoEncontrado();
    exigirRango(f.participante?.rol, 'moderador');
    const [objetivo] = await listarParticipantes(tx, o.idForo, { idParticipante: o.idParticipante });
    if (!objetivo) throw notFound(MSG_FOROS.participanteNoEncontrado, 'PARTICIPANTE_NO_ENCONTRADO');
    const rolActor = f.participante?.rol as Rol;
    if (tieneRango(objetivo.rol as Rol, rolActor)) throw sinPermiso(MSG_FOROS.rangoInsuficiente);
    const cuenta: Cuenta =
      objetivo.id_psicologo !== null
        ? { tipo: 'psicologo', id: objetivo.id_psicologo }
        : { tipo: 'paciente', id: objetivo.id_paciente as number };
    await eliminarParticipante(tx, o.idParticipante);
    await bloquear(tx, o.idForo, cuenta, ctx.now());
    await auditar(tx, o.auditoria, {
      accion: 'quitar_participante',
      recurso: 'foro',
      idRecurso: o.idForo,
      detalle: { id_participante: o.idParticipante, tipo: cuenta.tipo, id: cuenta.id, rol: objetivo.rol },
    });
    return { cuenta, publico: f.publico };
  });
  // A private forum's rooms are for participants only; a public one stays readable to any signed-in
  // account, so the removed one only loses the right to write.
  if (!r.publico) sacarDeSalas(ctx, o.idForo, [r.cuenta], temas);
  await avisar(ctx, 'foros: participante removido', () =>
    ctx.realtime.emitir(salaPersonal(r.cuenta), 'foro:removido', { id_foro: o.idForo }),
  );
  await publicarConteos(ctx, o.idForo, r.publico);
  return { msg: MSG_FOROS.participanteRemovido };
}

// ---------------------------------------------------------------- invitations

export async function invitar(
  ctx: CtxForos,
  o: { sesion: Sesion; auditoria: ActorAuditoria; idForo: number; correo: string; mensaje: string | null },
) {
  const cuenta = cuentaDeSesion(o.sesion);
  const titulo = await ctx.db.transaction(async (tx) => {
    const f = await bloquearForo(tx, cuenta, o.idForo);
    if (!f || (!f.publico && !f.participante)) throw foroNoEncontrado();
    exigirRango(f.participante?.rol, 'admin');
    exigirCuentaCompleta(ctx, o.sesion);
    const idInvitado = await psicologoActivoPorCorreo(tx, o.correo);
    if (idInvitado === null) throw notFound(MSG_FOROS.invitadoNoEncontrado, 'INVITADO_NO_ENCONTRADO');
    if (idInvitado === cuenta.id) throw badRequest(MSG_FOROS.invitarteATi, 'INVITACION_A_SI_MISMO');
    if (await participacion(tx, { tipo: 'psicologo', id: idInvitado }, o.idForo))
      throw conflict(MSG_FOROS.invitadoYaParticipa, 'YA_PARTICIPA');
    let id: number;
    try {
      id = await tx.transaction(async (sp) =>
        insertarInvitacion(sp, { idForo: o.idForo, idInvitador: cuenta.id, idInvitado, mensaje: o.mensaje, ahora: ctx.now() }),
      );
    } catch (err) {
      if (restriccionUnicaViolada(err) !== null) throw conflict(MSG_FOROS.invitacionPendiente, 'INVITACION_PENDIENTE');
      throw err;
    }
    await auditar(tx, o.auditoria, {
      accion: 'invitar',
      recurso: 'foro',
      idRecurso: o.idForo,
      detalle: { id_invitacion: id, id_invitado: idInvitado },
    });
    // The answer is read before the commit: once committed it cannot fail (decision 298).
    const [inv] = await listarInvitaciones(tx, idInvitado, { idInvitacion: id });
    return { id, idInvitado, titulo: f.titulo, inv };
  });
  // Committed: a retry after an error would only meet 'invitación pendiente' (decision 288).
  await avisar(ctx, 'foros: invitación', async () => {
    const pendientes = await contarPendientes(ctx.db, titulo.idInvitado);
    ctx.realtime.emitir(salaPersonal({ tipo: 'psicologo', id: titulo.idInvitado }), 'foro:invitacion', {
      id_invitacion: titulo.id,
      titulo_foro: titulo.titulo,
      pendientes,
    });
  });
  return invitacionDto(titulo.inv);
}

export async function misInvitaciones(ctx: CtxForos, o: { idPsicologo: number; estado: string }) {
  return (await listarInvitaciones(ctx.db, o.idPsicologo, { estado: o.estado || undefined })).map(invitacionDto);
}

/** Only the invitee answers, and only a pending invitation (a second answer is refused). */
export async function responderInvitacion(
  ctx: CtxForos,
  o: { idPsicologo: number; auditoria: ActorAuditoria; idInvitacion: number; aceptar: boolean },
) {
  const cuenta: Cuenta = { tipo: 'psicologo', id: o.idPsicologo };
  const r = await ctx.db.transaction(async (tx) => {
    const inv = await bloquearInvitacion(tx, o.idInvitacion, o.idPsicologo);
    if (!inv) throw notFound(MSG_FOROS.invitacionNoEncontrada, 'INVITACION_NO_ENCONTRADA');
    if (inv.estado !== 'pendiente') throw conflict(MSG_FOROS.invitacionRespondida, 'INVITACION_RESPONDIDA');
    const f = await bloquearForo(tx, cuenta, inv.id_foro);
    if (!f) throw notFound(MSG_FOROS.invitacionNoEncontrada, 'INVITACION_NO_ENCONTRADA');
    if (o.aceptar) {
      if (!f.participante) await insertarParticipante(tx, inv.id_foro, cuenta, 'moderador', ctx.now());
      else if (!tieneRango(f.participante.rol, 'moderador')) await cambiarRol(tx, f.participante.id_participante, 'moderador');
    }
    await responderRepo(tx, o.idInvitacion, o.aceptar ? 'aceptada' : 'rechazada', ctx.now());
    await auditar(tx, o.auditoria, {
      accion: o.aceptar ? 'aceptar_invitacion' : 'rechazar_invitacion',
      recurso: 'foro',
      idRecurso: inv.id_foro,
      detalle: { id_invitacion: o.idInvitacion },
    });
    const [respondida] = await listarInvitaciones(tx, o.idPsicologo, { idInvitacion: o.idInvitacion });
    return { idForo: inv.id_foro, publico: f.publico, respondida };
  });
  await publicarInvitaciones(ctx, [o.idPsicologo]);
  if (o.aceptar) await publicarConteos(ctx, r.idForo, r.publico);
  return { data: invitacionDto(r.respondida), msg: o.aceptar ? 'Invitación aceptada' : 'Invitación rechazada' };
}
