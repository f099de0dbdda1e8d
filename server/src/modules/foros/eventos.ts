// Forum events, published only after the transaction that produced them committed.
import type { MensajeForo, Tema } from '@miduelo/shared/foros';
import { avisar } from '../../comun/aviso';
import type { Realtime } from '../../plugins/realtime';
import { type Cuenta, contarPendientes, conteos, cuentasDelForo, idsDeTemas } from './repo';
import { contarVisibles } from './repo-temas';
import { SALA_FOROS_PUBLICOS, salaForo, salaPersonal, salaTema } from './salas';
import type { CtxForos } from './service';

type CtxPub = Pick<CtxForos, 'db' | 'realtime' | 'log'>;

// The functions that read what to publish run it through `avisar` themselves: best effort after the
// commit, a failure is logged, never turned into an error of a request whose write already succeeded
// (clients resync on their own; decision 288).

/** Participant and topic counts to whoever may see the forum in a list. */
export function publicarConteos(ctx: CtxPub, idForo: number, publico: boolean) {
  return avisar(ctx, 'foros: conteos', async () => {
    const c = await conteos(ctx.db, idForo);
    const salas = publico ? [SALA_FOROS_PUBLICOS] : (await cuentasDelForo(ctx.db, idForo)).map(salaPersonal);
    if (salas.length) ctx.realtime.emitir(salas, 'foro:conteos', c);
  });
}

/** Each psychologist's pending-invitation count, to all their tabs (the bar's count; an open
 * 'Mis Invitaciones' reloads). */
export function publicarInvitaciones(ctx: CtxPub, idsPsicologos: number[]) {
  return avisar(ctx, 'foros: invitaciones', async () => {
    for (const id of idsPsicologos)
      ctx.realtime.emitir(salaPersonal({ tipo: 'psicologo', id }), 'foro:invitaciones', { pendientes: await contarPendientes(ctx.db, id) });
  });
}

export function publicarMensaje(rt: Realtime, idForo: number, m: MensajeForo, ultimoSeq: number, totalMensajes: number) {
  rt.emitir(salaTema(m.id_tema), 'foro:mensaje', { mensaje: m });
  rt.emitir(salaForo(idForo), 'foro:tema-actividad', {
    id_foro: idForo,
    id_tema: m.id_tema,
    ultimo_seq: ultimoSeq,
    total_mensajes: totalMensajes,
    fecha_actividad: m.fecha_envio,
    autor: { id: m.autor.id, tipo: m.autor.tipo },
  });
}

/**
 * A post hidden or shown again (decision 257): its topic's readers get the change — shown, with the
 * post itself, since a reader who loaded it hidden holds no text (every socket in the topic's room
 * passed the read check; a hidden post's text goes to nobody) — and the forum's readers the
 * topic's new count of visible posts.
 */
export function publicarVisibilidad(ctx: CtxPub, idForo: number, m: MensajeForo) {
  return avisar(ctx, 'foros: mensaje oculto o mostrado', async () => {
    ctx.realtime.emitir(salaTema(m.id_tema), 'foro:mensaje-oculto', {
      id_tema: m.id_tema,
      id_mensaje: m.id_mensaje,
      seq: m.seq,
      oculto: m.oculto,
      ...(m.oculto ? {} : { mensaje: m }),
    });
    const total = await contarVisibles(ctx.db, m.id_tema);
    ctx.realtime.emitir(salaForo(idForo), 'foro:tema-conteo', { id_foro: idForo, id_tema: m.id_tema, total_mensajes: total });
  });
}

export function publicarTema(rt: Realtime, tema: Tema) {
  rt.emitir(salaForo(tema.id_foro), 'foro:tema', { tema });
}

/** Moderators (and the forum admin) of a forum, in their personal rooms. */
export async function salasDeModeradores(ctx: CtxPub, idForo: number): Promise<string[]> {
  return (await cuentasDelForo(ctx.db, idForo, { moderadores: true })).map(salaPersonal);
}

export function publicarAlertaCrisis(ctx: CtxPub, p: { id_foro: number; titulo_foro: string; id_tema: number; id_mensaje: number | null }) {
  return avisar(ctx, 'foros: alerta de crisis', async () => {
    const salas = await salasDeModeradores(ctx, p.id_foro);
    if (salas.length) ctx.realtime.emitir(salas, 'foro:alerta-crisis', p);
  });
}

/**
 * Sockets of these accounts (or of everyone) stop receiving a forum's events: its room and every
 * topic room. Works across nodes (the adapter relays socketsLeave).
 */
export function sacarDeSalas(ctx: CtxPub, idForo: number, cuentas: Cuenta[] | 'todos', idsTemas: number[]) {
  const salas = [salaForo(idForo), ...idsTemas.map(salaTema)];
  const io = ctx.realtime.io;
  if (cuentas === 'todos') io.in(salas).socketsLeave(salas);
  else if (cuentas.length) io.in(cuentas.map(salaPersonal)).socketsLeave(salas);
}

export async function temasDe(ctx: CtxPub, idForo: number) {
  return idsDeTemas(ctx.db, idForo);
}
