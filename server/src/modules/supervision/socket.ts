// Live reading under an opening (decision 365). 'supervision:unirse' is checked exactly like GET
// …/mensajes (an administrator's opening in force of that conversation); only then does the socket
// join the conversation's supervision room. New messages reach that room by observing the chat's
// own events after they are emitted (the chat module stays unaware of supervision). A socket leaves
// when its opening lapses: a timer per socket, and a check against the app's clock before every
// relayed message (the clock tests move does not fire timers).
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { MSG_SUPERVISION } from '@miduelo/shared/supervision';
import { sala } from '@miduelo/shared/realtime';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { errorParaRegistro } from '../../plugins/errors';
import type { SocketMiDuelo } from '../../plugins/realtime';
import { rechazoDe } from '../../plugins/realtime-sesiones';
import { exigirApertura, type CtxSupervision } from './service';

const salaSupervision = (idChat: number) => `supervision:${idChat}`;
const UnirseSchema = v.object({ id_chat: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647)) });

interface Abierta {
  venceEn: number;
  temporizador: NodeJS.Timeout;
}

export function registrarSocketsSupervision(app: FastifyInstance, ctx: CtxSupervision): void {
  const abiertasDe = new WeakMap<SocketMiDuelo, Map<number, Abierta>>();

  function salir(socket: SocketMiDuelo, idChat: number, vencida: boolean) {
    const abiertas = abiertasDe.get(socket);
    const a = abiertas?.get(idChat);
    if (!abiertas || !a) return;
    clearTimeout(a.temporizador);
    abiertas.delete(idChat);
    void socket.leave(salaSupervision(idChat));
    if (vencida) socket.emit('supervision:vencida', { id_chat: idChat });
  }

  async function unirse(socket: SocketMiDuelo, idChat: number, ack: (r: unknown) => void) {
    const s = socket.data.sesion;
    if (s.tipo !== 'psicologo' || !s.rol_admin) return ack({ ok: false, msg: MSG_SUPERVISION.sinApertura });
    try {
      const { chat, apertura } = await exigirApertura(ctx, { idAdmin: s.id_psicologo, idChat });
      // Not audited again: the opening is (with its reason), and so is every page read over HTTP;
      // the room only relays messages written while that opening lasts (decision 365).
      if (!socket.connected) return;
      salir(socket, idChat, false);
      const venceEn = apertura.vence_en.getTime();
      let abiertas = abiertasDe.get(socket);
      if (!abiertas) {
        abiertas = new Map();
        abiertasDe.set(socket, abiertas);
      }
      const temporizador = setTimeout(() => salir(socket, idChat, true), Math.max(0, venceEn - ctx.now().getTime()));
      temporizador.unref();
      abiertas.set(idChat, { venceEn, temporizador });
      await socket.join(salaSupervision(idChat));
      ack({ ok: true, data: { id_chat: idChat, vence_en: apertura.vence_en.toISOString(), ultimo_seq: chat.ultimo_seq } });
    } catch (err) {
      const r = rechazoDe(err);
      if (r.status >= 500) ctx.log.error({ err: errorParaRegistro(err) }, 'supervisión: no se pudo unir por socket');
      ack(r.status >= 500 ? r : { ok: false, msg: r.msg });
    }
  }

  app.realtime.manejar('supervision:unirse', function (this: SocketMiDuelo, p: unknown, ack?: unknown) {
    if (typeof ack !== 'function') return;
    const r = v.safeParse(UnirseSchema, p);
    if (!r.success) return ack({ ok: false, msg: MSG_SUPERVISION.idInvalido });
    void unirse(this, r.output.id_chat, ack as (r: unknown) => void);
  });
  app.realtime.manejar('supervision:salir', function (this: SocketMiDuelo, p: unknown) {
    const r = v.safeParse(UnirseSchema, p);
    if (r.success) salir(this, r.output.id_chat, false);
  });
  app.realtime.alDesconectarse(function (this: SocketMiDuelo) {
    const abiertas = abiertasDe.get(this);
    if (!abiertas) return;
    for (const a of abiertas.values()) clearTimeout(a.temporizador);
    abiertasDe.delete(this);
  });

  /** This node's sockets of the room whose opening lapsed by the app's clock leave it first. */
  function despedirVencidos(idChat: number) {
    const ids = app.realtime.io.sockets.adapter.rooms.get(salaSupervision(idChat));
    if (!ids) return;
    const ahora = ctx.now().getTime();
    for (const id of [...ids]) {
      const socket = app.realtime.io.sockets.sockets.get(id);
      const a = socket ? abiertasDe.get(socket)?.get(idChat) : undefined;
      if (socket && (!a || a.venceEn <= ahora)) {
        if (a) salir(socket, idChat, true);
        else void socket.leave(salaSupervision(idChat));
      }
    }
  }

  // The chat's events, observed once per emission. A new message of a psychologist–patient
  // conversation is emitted once per participant: relayed on the psychologist's copy only.
  app.realtime.alEmitir((salas, evento, ...args) => {
    try {
      relevar(salas, evento, args);
    } catch (err) {
      ctx.log.error({ err: errorParaRegistro(err) }, 'supervisión: no se pudo relevar un evento del chat');
    }
  });

  function relevar(salas: string[], evento: string, args: unknown[]) {
    const primera = salas[0] ?? '';
    if (evento === 'chat:mensaje') {
      const p = args[0] as { mensaje: Mensaje; tipo: string };
      if (p.tipo !== 'paciente' || !primera.startsWith('psicologo:')) return;
      const idChat = p.mensaje.id_chat;
      despedirVencidos(idChat);
      app.realtime.emitir(salaSupervision(idChat), 'supervision:mensaje', { id_chat: idChat, mensaje: p.mensaje });
      app.realtime.emitir(sala.administradores, 'supervision:cambio', { id_chat: idChat });
    } else if (evento === 'chat:leido' && primera.startsWith('paciente:')) {
      // The psychologist opened her patient's messages: waiting and crisis marks changed.
      const p = args[0] as { id_chat: number };
      app.realtime.emitir(sala.administradores, 'supervision:cambio', { id_chat: p.id_chat });
    }
  }
}
