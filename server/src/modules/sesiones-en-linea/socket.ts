// Signalling of the online sessions (decision 359) over the authenticated socket. Every event is
// authorized against the room with the same rules as HTTP: a socket joins `sesion:{id}` (or, a
// patient not admitted yet, `sesion:{id}:espera`) only after that check; a signal is relayed only
// from a socket that is in `sesion:{id}` to the other sockets of that room, so a forged event into
// another room reaches nobody. Signals are never stored and cost no query; the rooms live in the
// adapter, so admitting, leaving and ending work across nodes through Redis.
import type { Ack } from '@miduelo/shared/realtime-ack';
import { salaEsperaSesion, salaSesion } from '@miduelo/shared/realtime-sesiones';
import { EnviarSenalSchema, type EstadoSala, IdSesionSchema, MSG_SESION } from '@miduelo/shared/sesiones-en-linea';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Actor } from '../../comun/auditoria';
import type { Sesion } from '../../plugins/auth';
import { errorParaRegistro } from '../../plugins/errors';
import type { SocketMiDuelo } from '../../plugins/realtime';
import { rechazoDe } from '../../plugins/realtime-sesiones';
import type { SalaCreada } from './dto';
import { estadoSala, publicarEstado } from './eventos';
import { marcarEntrada, salaPorId } from './repo';
import { admitir, type CtxSesiones, parteDeSesion, salaAbierta, terminar } from './service';

const esAck = <T>(f: unknown): f is Ack<T> => typeof f === 'function';
const SALA = /^sesion:(\d+)(:espera)?$/;

/** The socket's account as the audit log names it (the address is the proxy's behind one: none). */
function actorDe(s: Sesion): Actor {
  if (s.tipo === 'paciente') return { tipo: 'paciente', id: s.id_paciente, ip: null };
  return { tipo: s.rol_admin ? 'admin' : 'psicologo', id: s.id_psicologo, ip: null };
}

/** The ids of the session rooms a socket is in (its own room or its waiting room). */
function sesionesDe(socket: SocketMiDuelo): number[] {
  const ids = new Set<number>();
  for (const r of socket.rooms) {
    const m = SALA.exec(r);
    if (m) ids.add(Number(m[1]));
  }
  return [...ids];
}

export function registrarSocketsSesiones(app: FastifyInstance, ctx: CtxSesiones): void {
  const { realtime } = app;

  function fallo(err: unknown, ack: Ack<never> | undefined, que: string) {
    const r = rechazoDe(err);
    if (r.status >= 500) ctx.log.error({ err: errorParaRegistro(err) }, `sesiones en línea: no se pudo ${que} por socket`);
    ack?.(r.status >= 500 ? r : { ok: false, msg: r.msg });
  }

  /** The room's new state to everyone in it (after someone left or dropped). */
  async function republicar(idSesion: number, excluir?: string) {
    const s = await salaPorId(ctx.db, ctx.config.zonaClinica, idSesion);
    if (s && s.terminada_en === null) await publicarEstado(realtime, s as SalaCreada, excluir);
  }

  realtime.manejar('sesion:unirse', function (this: SocketMiDuelo, p: unknown, ack: unknown) {
    if (!esAck<EstadoSala>(ack)) return;
    const r = v.safeParse(IdSesionSchema, p);
    if (!r.success) return ack({ ok: false, msg: MSG_SESION.idInvalido });
    const id = r.output.id_sesion;
    const parte = parteDeSesion(this.data.sesion);
    (async () => {
      let s = await salaAbierta(ctx, parte, id);
      if (!this.connected) return;
      // The psychologist enters at once; the patient waits until admitted (then enters directly).
      const admitida = parte.tipo === 'psicologo' || s.iniciada_en !== null;
      await this.join(admitida ? salaSesion(id) : salaEsperaSesion(id));
      if (admitida) await this.leave(salaEsperaSesion(id));
      if (await marcarEntrada(ctx.db, id, parte.tipo, ctx.config.now()))
        s = (await salaPorId(ctx.db, ctx.config.zonaClinica, id)) as SalaCreada;
      ack({ ok: true, data: await publicarEstado(realtime, s) });
    })().catch((err: unknown) => fallo(err, ack, 'entrar a la sala'));
  });

  realtime.manejar('sesion:admitir', function (this: SocketMiDuelo, p: unknown, ack: unknown) {
    if (!esAck<EstadoSala>(ack)) return;
    const r = v.safeParse(IdSesionSchema, p);
    if (!r.success) return ack({ ok: false, msg: MSG_SESION.idInvalido });
    const sesion = this.data.sesion;
    if (sesion.tipo !== 'psicologo') return ack({ ok: false, msg: MSG_SESION.soloPsicologo });
    const id = r.output.id_sesion;
    (async () => {
      const s = await admitir(ctx, { idPsicologo: sesion.id_psicologo, actor: actorDe(sesion), idSesion: id });
      // The waiting room's sockets, on every node, move into the room.
      await realtime.io.in(salaEsperaSesion(id)).socketsJoin(salaSesion(id));
      await realtime.io.in(salaEsperaSesion(id)).socketsLeave(salaEsperaSesion(id));
      ack({ ok: true, data: await publicarEstado(realtime, s) });
    })().catch((err: unknown) => fallo(err, ack, 'admitir a la paciente'));
  });

  realtime.manejar('sesion:senal', function (this: SocketMiDuelo, p: unknown, ack: unknown) {
    const responder = esAck<null>(ack) ? ack : undefined;
    const r = v.safeParse(EnviarSenalSchema, p);
    if (!r.success) return responder?.({ ok: false, msg: MSG_SESION.senalInvalida });
    const { id_sesion, senal } = r.output;
    const sala = salaSesion(id_sesion);
    // Only from inside the room: joining it took the authorization check.
    if (!this.rooms.has(sala)) return responder?.({ ok: false, msg: MSG_SESION.sinEntrar });
    this.to(sala).emit('sesion:senal', { id_sesion, senal });
    responder?.({ ok: true, data: null });
  });

  realtime.manejar('sesion:salir', function (this: SocketMiDuelo, p: unknown) {
    const r = v.safeParse(IdSesionSchema, p);
    if (!r.success) return;
    const id = r.output.id_sesion;
    if (!this.rooms.has(salaSesion(id)) && !this.rooms.has(salaEsperaSesion(id))) return;
    (async () => {
      await this.leave(salaSesion(id));
      await this.leave(salaEsperaSesion(id));
      await republicar(id, this.id);
    })().catch((err: unknown) => fallo(err, undefined, 'salir de la sala'));
  });

  realtime.manejar('sesion:terminar', function (this: SocketMiDuelo, p: unknown, ack: unknown) {
    if (!esAck<EstadoSala>(ack)) return;
    const r = v.safeParse(IdSesionSchema, p);
    if (!r.success) return ack({ ok: false, msg: MSG_SESION.idInvalido });
    const sesion = this.data.sesion;
    if (sesion.tipo !== 'psicologo') return ack({ ok: false, msg: MSG_SESION.soloPsicologo });
    terminar(ctx, { idPsicologo: sesion.id_psicologo, actor: actorDe(sesion), idSesion: r.output.id_sesion }).then(
      async (s) => ack({ ok: true, data: (await estadoSala(realtime, s)).estado }),
      (err: unknown) => fallo(err, ack, 'terminar la sesión'),
    );
  });

  // A socket of a room dropped or closed: the other party sees "Reconectando…".
  realtime.alDesconectarse(function (this: SocketMiDuelo) {
    const ids = sesionesDe(this);
    if (ids.length === 0) return;
    const idSocket = this.id;
    for (const id of ids) void republicar(id, idSocket).catch((err: unknown) => fallo(err, undefined, 'avisar la desconexión'));
  });
}
