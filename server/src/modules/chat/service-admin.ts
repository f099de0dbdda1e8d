// Administrator conversations (spec 2 §2 Admin chat, §5, §7, §8). Messages, read marks and
// synchronisation are the chat domain's; this file adds what only administrators do.
import { MSG_CHAT, type TipoDestinatario } from '@miduelo/shared/chat';
import { badRequest, conflict, notFound } from '../../errors';
import { avisar } from '../../comun/aviso';
import { restriccionUnicaViolada } from '../../comun/errores-bd';
import { publicarCreado } from './eventos';
import { insertarChat, listarChats } from './repo';
import { destinatarioExiste, pacientesDisponibles, psicologosDisponibles } from './repo-admin';
import type { CtxChat } from './service';

/** Opens a conversation of this administrator with a psychologist or a patient (one per pair). */
export async function crearChatAdmin(ctx: CtxChat, o: { idAdmin: number; tipo: TipoDestinatario; idDestinatario: number }) {
  if (o.tipo === 'psicologo' && o.idDestinatario === o.idAdmin) throw badRequest(MSG_CHAT.chatContigo, 'CHAT_CONTIGO');
  if (!(await destinatarioExiste(ctx.db, o.tipo, o.idDestinatario))) throw notFound(MSG_CHAT.usuarioNoEncontrado, 'USUARIO_NO_ENCONTRADO');
  let r: { creado: Awaited<ReturnType<typeof insertarChat>>; resumen: Awaited<ReturnType<typeof listarChats>>[number] };
  try {
    // The chat and its summary in one transaction, so that the answer cannot fail once the chat is
    // created (decision 298).
    r = await ctx.db.transaction(async (tx) => {
      const creado = await insertarChat(tx, {
        tipo: 'admin',
        id_admin: o.idAdmin,
        id_psicologo: o.tipo === 'psicologo' ? o.idDestinatario : null,
        id_paciente: o.tipo === 'paciente' ? o.idDestinatario : null,
        creado_en: ctx.now(),
      });
      const [resumen] = await listarChats(tx, ctx.cifrador, { rol: 'admin', id: o.idAdmin }, { idChat: creado.id_chat });
      return { creado, resumen };
    });
  } catch (err) {
    if (restriccionUnicaViolada(err) !== null) throw conflict(MSG_CHAT.chatAdminExiste, 'CHAT_EXISTE');
    throw err;
  }
  await avisar(ctx, 'chat de administración creado', () => publicarCreado(ctx.realtime, r.creado));
  return r.resumen;
}

export async function usuariosDisponibles(ctx: Pick<CtxChat, 'db' | 'cifrador'>, o: { idAdmin: number; tipo?: TipoDestinatario }) {
  if (o.tipo === 'psicologo') return psicologosDisponibles(ctx.db, o.idAdmin);
  if (o.tipo === 'paciente') return pacientesDisponibles(ctx.db, o.idAdmin);
  return [...(await psicologosDisponibles(ctx.db, o.idAdmin)), ...(await pacientesDisponibles(ctx.db, o.idAdmin))];
}
