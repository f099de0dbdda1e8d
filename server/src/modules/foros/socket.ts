// Socket side of the forums (docs/decisions/161). A socket opens a forum or a topic only after the
// same read check as HTTP (a private forum: participants only); a refused socket joins nothing.
// Opening a topic returns what the socket missed after its last sequence number.
import { MSG_FOROS } from '@miduelo/shared/foros';
import type { Ack } from '@miduelo/shared/realtime-ack';
import { SalirTemaSchema, UnirseForoSchema, UnirseTemaSchema } from '@miduelo/shared/realtime-foros';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { errorParaRegistro } from '../../plugins/errors';
import { rechazoDe, type SocketMiDuelo } from '../../plugins/realtime';
import { buscarForo } from './repo';
import { SALA_FOROS_PUBLICOS, salaForo, salaTema } from './salas';
import { type CtxForos, cuentaDe } from './service';
import { sincronizarTema } from './service-temas';

const esAck = (f: unknown): f is Ack<never> => typeof f === 'function';

export function registrarSocketsForos(app: FastifyInstance, ctx: CtxForos): void {
  app.realtime.alConectar((socket: SocketMiDuelo) => {
    void socket.join(SALA_FOROS_PUBLICOS);

    function fallo(err: unknown, ack: Ack<never>, que: string) {
      const r = rechazoDe(err);
      if (r.status >= 500) ctx.log.error({ err: errorParaRegistro(err) }, `foros: no se pudo ${que} por socket`);
      ack(r.status >= 500 ? r : { ok: false, msg: r.msg });
    }

    socket.on('foro:unirse', (p, ack) => {
      if (!esAck(ack)) return;
      const r = v.safeParse(UnirseForoSchema, p);
      if (!r.success) return ack({ ok: false, msg: MSG_FOROS.idForoInvalido });
      const id = r.output.id_foro;
      buscarForo(ctx.db, cuentaDe(socket.data.sesion), id).then(
        async (f) => {
          if (!f) return ack({ ok: false, msg: MSG_FOROS.foroNoEncontrado });
          if (!socket.connected) return;
          await socket.join(salaForo(id));
          ack({ ok: true, data: { id_foro: id } });
        },
        (err: unknown) => fallo(err, ack, 'abrir el foro'),
      );
    });

    socket.on('foro:salir', (p) => {
      const r = v.safeParse(UnirseForoSchema, p);
      if (r.success) void socket.leave(salaForo(r.output.id_foro));
    });

    socket.on('foro:tema:unirse', (p, ack) => {
      if (!esAck(ack)) return;
      const r = v.safeParse(UnirseTemaSchema, p);
      if (!r.success) return ack({ ok: false, msg: MSG_FOROS.idInvalido });
      const { id_tema, despues_de } = r.output;
      sincronizarTema(ctx, { cuenta: cuentaDe(socket.data.sesion), idTema: id_tema, despuesDe: despues_de }).then(
        async (s) => {
          if (!socket.connected) return;
          // Joined before answering: a post committed after the read above reaches the socket by
          // event; one committed between the read and the join is in the next resync (seq gap).
          await socket.join(salaTema(id_tema));
          ack({ ok: true, data: s });
        },
        (err: unknown) => fallo(err, ack, 'abrir el tema'),
      );
    });

    socket.on('foro:tema:salir', (p) => {
      const r = v.safeParse(SalirTemaSchema, p);
      if (r.success) void socket.leave(salaTema(r.output.id_tema));
    });
  });
}
