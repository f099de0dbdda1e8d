// Socket side of the chat. Opening a conversation (`chat:unirse`, `chat-admin:unirse`) is checked
// exactly like the HTTP routes check it, returns what the socket missed after its last sequence
// number, and only then lets the socket send and receive typing indicators for that conversation.
import { MSG_CHAT, PAGINA_MENSAJES_MAX } from '@miduelo/shared/chat';
import type { Ack } from '@miduelo/shared/realtime-ack';
import {
  type AckEnvio,
  EnviarAdminSchema,
  EnviarSchema,
  EscribiendoAdminSchema,
  EscribiendoSchema,
  SalirAdminSchema,
  SalirSchema,
  type Sincronizacion,
  UnirseAdminSchema,
  UnirseSchema,
} from '@miduelo/shared/realtime-chat';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { avisar } from '../../comun/aviso';
import { errorParaRegistro } from '../../plugins/errors';
import type { SocketMiDuelo } from '../../plugins/realtime';
import { rechazoDe } from '../../plugins/realtime-sesiones';
import { mensajeDto } from '../../comun/mensaje-dto';
import { mensajeAdminDto } from './dto';
import type { LimitadorEnvio } from './limite';
import type { Actor, FilaMensaje, Rol } from './repo';
import { type CtxChat, enviarMensaje, mensajesDeChat } from './service';

type Lado = 'usuario' | 'admin';

/** Sockets of each side of a conversation, for typing indicators only. */
const salaConversacion = (id: number, lado: Lado) => `conversacion:${id}:${lado === 'admin' ? 'a' : 'u'}`;

/** Typing announcements relayed per socket and conversation at most this often. */
const ESCRIBIENDO_MIN_MS = 1_000;

interface Abierta {
  rol: Rol;
  escribiendo: boolean;
  ultimoAviso: number;
}

function actorDe(socket: SocketMiDuelo, lado: Lado): Actor | null {
  const s = socket.data.sesion;
  if (lado === 'admin') return s.tipo === 'psicologo' && s.rol_admin ? { rol: 'admin', id: s.id_psicologo } : null;
  return s.tipo === 'paciente' ? { rol: 'paciente', id: s.id_paciente } : { rol: 'psicologo', id: s.id_psicologo };
}

function avisarEscribiendo(socket: SocketMiDuelo, id: number, rol: Rol, escribiendo: boolean) {
  socket.to(salaConversacion(id, 'usuario')).emit('chat:escribiendo', { id_chat: id, remitente: rol, escribiendo });
  socket.to(salaConversacion(id, 'admin')).emit('chat-admin:escribiendo', { id_chat_admin: id, remitente: rol, escribiendo });
}

type Abiertas = Map<string, Abierta>;
const clave = (lado: Lado, id: number) => `${lado}:${id}`;

/**
 * Handlers are registered once with the realtime plugin, which calls them after the session check
 * with `this` = the socket; the map of open conversations is made on the first `unirse`: an idle
 * connection holds no chat listener, closure or map (decision 084; bench/sockets measures it).
 */
export function registrarSocketsChat(app: FastifyInstance, ctx: CtxChat, limitador: LimitadorEnvio): void {
  const abiertasDe = new WeakMap<SocketMiDuelo, Abiertas>();

  async function unirse<M>(
    socket: SocketMiDuelo,
    lado: Lado,
    id: number,
    despuesDe: number,
    dto: (m: FilaMensaje) => M,
    ack: Ack<Sincronizacion<M>>,
  ): Promise<void> {
    const actor = actorDe(socket, lado);
    if (!actor) return ack({ ok: false, msg: MSG_CHAT.chatNoEncontrado });
    try {
      const r = await mensajesDeChat(ctx, { actor, idChat: id, despuesDe, limite: PAGINA_MENSAJES_MAX });
      if (!socket.connected) return;
      await socket.join(salaConversacion(id, lado));
      let abiertas = abiertasDe.get(socket);
      if (!abiertas) {
        abiertas = new Map();
        abiertasDe.set(socket, abiertas);
      }
      abiertas.set(clave(lado, id), { rol: actor.rol, escribiendo: false, ultimoAviso: 0 });
      const ultimo = r.mensajes.at(-1)?.seq ?? 0;
      ack({
        ok: true,
        data: { mensajes: r.mensajes.map(dto), ultimo_seq: Math.max(r.chat.ultimo_seq, ultimo), hay_mas: r.mensajes.length === r.limite },
      });
    } catch (err) {
      const r = rechazoDe(err);
      if (r.status >= 500) ctx.log.error({ err: errorParaRegistro(err) }, 'chat: no se pudo abrir la conversación por socket');
      // A refusal keeps its documented `{ ok, msg }`; a server-side failure says which (503/500).
      ack(r.status >= 500 ? r : { ok: false, msg: r.msg });
    }
  }

  /** The socket path of POST /mensajes: same service, same limit, answered after the commit. */
  async function enviar<M>(
    socket: SocketMiDuelo,
    lado: Lado,
    o: { id: number; contenido: string; idCliente: string | null },
    dto: (m: FilaMensaje) => M,
    ack: AckEnvio<M>,
  ): Promise<void> {
    const recibido = performance.now(); // the send-to-commit metric's start (decision 386)
    const actor = actorDe(socket, lado);
    if (!actor) return ack({ ok: false, msg: MSG_CHAT.chatNoEncontrado, code: 'CHAT_NO_ENCONTRADO', status: 404 });
    try {
      // The session was verified again for this event (realtime plugin: expiry and revocation).
      await limitador.socket(socket.data.sesion);
      const r = await enviarMensaje(ctx, { actor, idChat: o.id, contenido: o.contenido, idCliente: o.idCliente, recibido });
      // Stored: from here the ack is the send's own success, whatever the notices do (decision 288).
      await avisar(ctx, 'fin de escribiendo', () => {
        if (abiertasDe.get(socket)?.get(clave(lado, o.id))?.escribiendo) escribiendo(socket, lado, o.id, false);
      });
      ack({ ok: true, data: dto(r.mensaje) });
    } catch (err) {
      // The same answer as HTTP: 503 while the database is unreachable, 500 otherwise.
      const r = rechazoDe(err);
      if (r.status >= 500) ctx.log.error({ err: errorParaRegistro(err) }, 'chat: no se pudo enviar por socket');
      ack(r);
    }
  }

  function salir(socket: SocketMiDuelo, lado: Lado, id: number) {
    const abiertas = abiertasDe.get(socket);
    const a = abiertas?.get(clave(lado, id));
    if (!abiertas || !a) return;
    if (a.escribiendo) avisarEscribiendo(socket, id, a.rol, false);
    abiertas.delete(clave(lado, id));
    void socket.leave(salaConversacion(id, lado));
  }

  function escribiendo(socket: SocketMiDuelo, lado: Lado, id: number, valor: boolean) {
    const a = abiertasDe.get(socket)?.get(clave(lado, id));
    if (!a) return; // never opened (or refused): nothing is relayed
    const ahora = Date.now();
    if (valor && a.escribiendo && ahora - a.ultimoAviso < ESCRIBIENDO_MIN_MS) return;
    if (!valor && !a.escribiendo) return;
    a.escribiendo = valor;
    a.ultimoAviso = ahora;
    avisarEscribiendo(socket, id, a.rol, valor);
  }

  // biome-ignore lint/suspicious/noExplicitAny: each handler checks that its ack is a function; its answer type is the event's
  const manejadores: Record<string, (this: SocketMiDuelo, p: unknown, ack?: any) => void> = {
    'chat:unirse'(p, ack) {
      if (typeof ack !== 'function') return;
      const r = v.safeParse(UnirseSchema, p);
      if (!r.success) return ack({ ok: false, msg: MSG_CHAT.idInvalido });
      void unirse(this, 'usuario', r.output.id_chat, r.output.despues_de, mensajeDto, ack);
    },
    'chat-admin:unirse'(p, ack) {
      if (typeof ack !== 'function') return;
      const r = v.safeParse(UnirseAdminSchema, p);
      if (!r.success) return ack({ ok: false, msg: MSG_CHAT.idInvalido });
      void unirse(this, 'admin', r.output.id_chat_admin, r.output.despues_de, mensajeAdminDto, ack);
    },
    'chat:enviar'(p, ack) {
      if (typeof ack !== 'function') return;
      const r = v.safeParse(EnviarSchema, p);
      if (!r.success) return ack({ ok: false, msg: r.issues[0].message, code: 'VALIDACION', status: 400 });
      void enviar(
        this,
        'usuario',
        { id: r.output.id_chat, contenido: r.output.contenido, idCliente: r.output.id_cliente },
        mensajeDto,
        ack,
      );
    },
    'chat-admin:enviar'(p, ack) {
      if (typeof ack !== 'function') return;
      const r = v.safeParse(EnviarAdminSchema, p);
      if (!r.success) return ack({ ok: false, msg: r.issues[0].message, code: 'VALIDACION', status: 400 });
      void enviar(
        this,
        'admin',
        { id: r.output.id_chat_admin, contenido: r.output.contenido, idCliente: r.output.id_cliente },
        mensajeAdminDto,
        ack,
      );
    },
    'chat:salir'(p) {
      const r = v.safeParse(SalirSchema, p);
      if (r.success) salir(this, 'usuario', r.output.id_chat);
    },
    'chat-admin:salir'(p) {
      const r = v.safeParse(SalirAdminSchema, p);
      if (r.success) salir(this, 'admin', r.output.id_chat_admin);
    },
    'chat:escribiendo'(p) {
      const r = v.safeParse(EscribiendoSchema, p);
      if (r.success) escribiendo(this, 'usuario', r.output.id_chat, r.output.escribiendo);
    },
    'chat-admin:escribiendo'(p) {
      const r = v.safeParse(EscribiendoAdminSchema, p);
      if (r.success) escribiendo(this, 'admin', r.output.id_chat_admin, r.output.escribiendo);
    },
  };
  for (const [evento, h] of Object.entries(manejadores)) app.realtime.manejar(evento, h);

  app.realtime.alDesconectarse(function alDesconectarse(this: SocketMiDuelo) {
    const abiertas = abiertasDe.get(this);
    if (!abiertas) return;
    for (const [k, a] of abiertas) {
      if (a.escribiendo) avisarEscribiendo(this, Number(k.split(':')[1]), a.rol, false);
    }
    abiertasDe.delete(this);
  });
}
