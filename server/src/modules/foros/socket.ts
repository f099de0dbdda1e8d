// Socket side of the forums (docs/decisions/161). A socket opens a forum or a topic only after the
// same read check as HTTP (a private forum: participants only); a refused socket joins nothing.
// Opening a topic returns what the socket missed after its last sequence number.
import { MSG_FOROS } from '@miduelo/shared/foros';
import type { Ack } from '@miduelo/shared/realtime-ack';
import { SalirTemaSchema, type SincronizacionTema, UnirseForoSchema, UnirseTemaSchema } from '@miduelo/shared/realtime-foros';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { errorParaRegistro } from '../../plugins/errors';
import { cuentaDeSesion } from '../../plugins/auth';
import type { SocketMiDuelo } from '../../plugins/realtime';
import { rechazoDe } from '../../plugins/realtime-sesiones';
import { buscarForo } from './repo';
import { SALA_FOROS_PUBLICOS, salaForo, salaTema } from './salas';
import type { CtxForos } from './service';
import { sincronizarTema } from './service-temas';

const esAck = <T>(f: unknown): f is Ack<T> => typeof f === 'function';

/** Handlers registered once with the realtime plugin, which calls them after the session check
 * with `this` = the socket: a connection holds no forum listener or closure (decisions 084, 222). */
export function registrarSocketsForos(app: FastifyInstance, ctx: CtxForos): void {
  app.realtime.alConectar(unirseAForosPublicos);

  function fallo(err: unknown, ack: Ack<never>, que: string) {
    const r = rechazoDe(err);
    if (r.status >= 500) ctx.log.error({ err: errorParaRegistro(err) }, `foros: no se pudo ${que} por socket`);
    ack(r.status >= 500 ? r : { ok: false, msg: r.msg });
  }

  app.realtime.manejar('foro:unirse', function (this: SocketMiDuelo, p: unknown, ack: unknown) {
    if (!esAck<{ id_foro: number }>(ack)) return;
    const r = v.safeParse(UnirseForoSchema, p);
    if (!r.success) return ack({ ok: false, msg: MSG_FOROS.idForoInvalido });
    const id = r.output.id_foro;
    buscarForo(ctx.db, cuentaDeSesion(this.data.sesion), id).then(
      async (f) => {
        if (!f) return ack({ ok: false, msg: MSG_FOROS.foroNoEncontrado });
        if (!this.connected) return;
        await this.join(salaForo(id));
        ack({ ok: true, data: { id_foro: id } });
      },
      (err: unknown) => fallo(err, ack, 'abrir el foro'),
    );
  });

  app.realtime.manejar('foro:salir', function (this: SocketMiDuelo, p: unknown) {
    const r = v.safeParse(UnirseForoSchema, p);
    if (r.success) void this.leave(salaForo(r.output.id_foro));
  });

  app.realtime.manejar('foro:tema:unirse', function (this: SocketMiDuelo, p: unknown, ack: unknown) {
    if (!esAck<SincronizacionTema>(ack)) return;
    const r = v.safeParse(UnirseTemaSchema, p);
    if (!r.success) return ack({ ok: false, msg: MSG_FOROS.idInvalido });
    const { id_tema, despues_de } = r.output;
    sincronizarTema(ctx, { cuenta: cuentaDeSesion(this.data.sesion), idTema: id_tema, despuesDe: despues_de }).then(
      async (s) => {
        if (!this.connected) return;
        // Joined before answering: a post committed after the read above reaches the socket by
        // event; one committed between the read and the join is in the next resync (seq gap).
        await this.join(salaTema(id_tema));
        ack({ ok: true, data: s });
      },
      (err: unknown) => fallo(err, ack, 'abrir el tema'),
    );
  });

  app.realtime.manejar('foro:tema:salir', function (this: SocketMiDuelo, p: unknown) {
    const r = v.safeParse(SalirTemaSchema, p);
    if (r.success) void this.leave(salaTema(r.output.id_tema));
  });
}

function unirseAForosPublicos(socket: SocketMiDuelo) {
  void socket.join(SALA_FOROS_PUBLICOS);
}
