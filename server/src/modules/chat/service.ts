// Rules of every conversation (psychologist–patient and administrator), whatever the side that acts.
// Writes run in one transaction under the conversation's row lock; events leave after the commit.
import { MSG_CHAT, PAGINA_MENSAJES_DEFECTO, PAGINA_MENSAJES_MAX } from '@miduelo/shared/chat';
import { contieneLenguajeDeCrisis } from '@miduelo/shared/foros-crisis';
import { avisar } from '../../comun/aviso';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { esPacienteDe } from '../../comun/repo';
import { conflict, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { solicitudActual } from '../../plugins/solicitud';
import { chatAdminDto, chatPacienteDto, chatPsicologoDto } from './dto';
import { publicarAlertaCrisis, publicarCreado, publicarLectura, publicarMensaje, publicarRepetido } from './eventos';
import {
  type Actor,
  alertaCrisisDe,
  bloquearParaLectura,
  buscarChat,
  chatConPaciente,
  enviarEnBase,
  type FilaMensaje,
  insertarChat,
  listarChats,
  listarMensajes,
  marcarLeidos,
  pacientesSinChat,
} from './repo';

export type CtxChat = Pick<Ctx, 'db' | 'realtime' | 'now' | 'log' | 'cifrador' | 'metricas'>;

interface ResultadoEnvio {
  mensaje: FilaMensaje;
  /** False when the client id was already stored: nothing new was written. */
  nuevo: boolean;
}

/**
 * Stores a message and answers once it is committed (one statement: see `enviarEnBase`). With
 * `idCliente`, a retried send, even a concurrent one, returns the stored message and writes
 * nothing. Then the message goes to both participants and the unread count to the recipient.
 */
export async function enviarMensaje(
  ctx: CtxChat,
  /** `recibido`: performance.now() when a socket event brought it (a request's own start otherwise). */
  o: { actor: Actor; idChat: number; contenido: string; idCliente: string | null; recibido?: number },
): Promise<ResultadoEnvio> {
  const desde = o.recibido ?? solicitudActual()?.inicio ?? performance.now();
  // Only a patient's words are judged: the message goes through as always, marked (decision 338).
  const crisis = o.actor.rol === 'paciente' && contieneLenguajeDeCrisis(o.contenido);
  const r = await enviarEnBase(ctx.db, ctx.cifrador, { ...o, fecha: ctx.now(), crisis });
  if (r.estado === 'no_encontrado') throw notFound(MSG_CHAT.chatNoEncontrado, 'CHAT_NO_ENCONTRADO');
  // 409, not 403: the clients read any 403 as a lost session (spec 2 §8, interceptors).
  // Each side reads why in its own words: the psychologist lost the patient, the patient the
  // psychologist (decision 277).
  if (r.estado === 'solo_lectura')
    throw conflict(o.actor.rol === 'paciente' ? MSG_CHAT.soloLecturaPaciente : MSG_CHAT.soloLectura, 'CHAT_SOLO_LECTURA');
  if (!('mensaje' in r) || !r.mensaje) throw new Error('chat_enviar sin mensaje');
  ctx.metricas.envioChat(o.recibido === undefined ? 'rest' : 'socket', (performance.now() - desde) / 1000);
  const { chat, mensaje } = r;
  if (r.estado === 'repetido') {
    // Delivered again to the sender only: a client that lost the first answer may also have
    // missed the event; the recipient got it when it was stored.
    await avisar(ctx, 'mensaje repetido', () => publicarRepetido(ctx.realtime, chat, mensaje, o.actor));
    return { mensaje, nuevo: false };
  }
  // Stored: a send without a client id answered with an error would be sent again (decision 288).
  const noLeidos = { mensajes_no_leidos: r.noLeidosDestinatario ?? 0, rev: chat.rev };
  await avisar(ctx, 'mensaje de chat', () => publicarMensaje(ctx.realtime, chat, mensaje, noLeidos));
  if (mensaje.crisis && chat.tipo === 'paciente') await avisar(ctx, 'alerta de crisis', () => alertarCrisis(ctx, chat));
  return { mensaje, nuevo: true };
}

/** The psychologist's live alert (decision 339), read after the commit: the patient's name and how
 * many crisis messages of hers wait unopened (none if she opened the conversation meanwhile). */
async function alertarCrisis(ctx: CtxChat, chat: { id_chat: number; id_psicologo: number | null; rev: number }) {
  const a = await alertaCrisisDe(ctx.db, chat.id_chat);
  if (!a || a.crisis_sin_abrir === 0 || chat.id_psicologo === null) return;
  publicarAlertaCrisis(ctx.realtime, chat.id_psicologo, {
    id_chat: chat.id_chat,
    id_paciente: a.id_paciente,
    paciente: { nombre: a.nombre, apellido_paterno: a.apellido_paterno, apellido_materno: a.apellido_materno ?? null },
    crisis_sin_abrir: Number(a.crisis_sin_abrir),
    rev: chat.rev,
  });
}

/** Marks read the other participant's messages (spec 1 §4: opening a chat sets its count to 0). */
export async function marcarChatLeido(ctx: CtxChat, o: { actor: Actor; idChat: number }) {
  const r = await ctx.db.transaction(async (tx) => {
    const c = await bloquearParaLectura(tx, o.actor, o.idChat);
    if (!c) return null;
    const marcados = await marcarLeidos(tx, o.actor, o.idChat, ctx.now());
    return { c, marcados };
  });
  if (!r) throw notFound(MSG_CHAT.chatNoEncontrado, 'CHAT_NO_ENCONTRADO');
  await avisar(ctx, 'chat leído', () => publicarLectura(ctx.realtime, r.c, o.actor, r.c.ultimo_seq, r.c.rev, r.marcados));
  return { msg: MSG_CHAT.leidos, mensajes_no_leidos: 0, marcados: r.marcados, hasta_seq: r.c.ultimo_seq };
}

// The actor's conversations (optionally those matching `q`), in the payload of the actor's side.
export async function listarChatsPsicologo(ctx: Pick<CtxChat, 'db' | 'cifrador'>, o: { idPsicologo: number; q?: string }) {
  return (await listarChats(ctx.db, ctx.cifrador, { rol: 'psicologo', id: o.idPsicologo }, { q: o.q })).map(chatPsicologoDto);
}

export async function listarChatsPaciente(ctx: Pick<CtxChat, 'db' | 'cifrador'>, o: { idPaciente: number }) {
  return (await listarChats(ctx.db, ctx.cifrador, { rol: 'paciente', id: o.idPaciente })).map(chatPacienteDto);
}

export async function listarChatsAdmin(ctx: Pick<CtxChat, 'db' | 'cifrador'>, o: { idAdmin: number; q?: string }) {
  return (await listarChats(ctx.db, ctx.cifrador, { rol: 'admin', id: o.idAdmin }, { q: o.q })).map(chatAdminDto);
}

/** The psychologist's patients without a chat yet ('Nuevo Chat'). */
export function listarPacientesSinChat(ctx: Pick<CtxChat, 'db' | 'cifrador'>, { idPsicologo }: { idPsicologo: number }) {
  return pacientesSinChat(ctx.db, idPsicologo);
}

/** A conversation's messages, if the actor takes part in it. */
export async function mensajesDeChat(
  ctx: Pick<CtxChat, 'db' | 'cifrador'>,
  o: { actor: Actor; idChat: number; despuesDe?: number; antesDe?: number; limite?: number },
) {
  const c = await buscarChat(ctx.db, o.actor, o.idChat);
  if (!c) throw notFound(MSG_CHAT.chatNoEncontrado, 'CHAT_NO_ENCONTRADO');
  const limite = Math.min(o.limite ?? (o.despuesDe !== undefined ? PAGINA_MENSAJES_MAX : PAGINA_MENSAJES_DEFECTO), PAGINA_MENSAJES_MAX);
  const mensajes = await listarMensajes(ctx.db, ctx.cifrador, o.idChat, { despuesDe: o.despuesDe, antesDe: o.antesDe, limite });
  return { chat: c, mensajes, limite };
}

// ---- Psychologist–patient chats ----

/** Creates the chat of a psychologist with one of their patients (one per pair). */
export async function crearChatConPaciente(ctx: CtxChat, o: { idPsicologo: number; idPaciente: number }) {
  if (!(await esPacienteDe(ctx.db, o.idPsicologo, o.idPaciente))) throw notFound(MSG_CHAT.pacienteNoEncontrado, 'PACIENTE_NO_ENCONTRADO');
  let r: { creado: Awaited<ReturnType<typeof insertarChat>>; resumen: Awaited<ReturnType<typeof listarChats>>[number] };
  try {
    // The chat and its summary in one transaction: read after the insert committed, a failed read
    // answered an error for a created chat (decision 298).
    r = await ctx.db.transaction(async (tx) => {
      const creado = await insertarChat(tx, {
        tipo: 'paciente',
        id_psicologo: o.idPsicologo,
        id_paciente: o.idPaciente,
        creado_en: ctx.now(),
      });
      const [resumen] = await listarChats(tx, ctx.cifrador, { rol: 'psicologo', id: o.idPsicologo }, { idChat: creado.id_chat });
      return { creado, resumen };
    });
  } catch (err) {
    if (restriccionUnicaViolada(err) !== null) throw conflict(MSG_CHAT.chatExiste, 'CHAT_EXISTE');
    throw err;
  }
  await avisar(ctx, 'chat creado', () => publicarCreado(ctx.realtime, r.creado));
  return r.resumen;
}

/** Whether the psychologist already has a chat with that patient (the patient file's buttons). */
export async function verificarChat(ctx: Pick<CtxChat, 'db' | 'cifrador'>, o: { idPsicologo: number; idPaciente: number }) {
  const c = await chatConPaciente(ctx.db, o.idPsicologo, o.idPaciente);
  if (c) return { existe: true, id_chat: c.id_chat };
  if (!(await esPacienteDe(ctx.db, o.idPsicologo, o.idPaciente))) throw notFound(MSG_CHAT.pacienteNoEncontrado, 'PACIENTE_NO_ENCONTRADO');
  return { existe: false };
}
