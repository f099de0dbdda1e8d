// The dashboard's live figures (decision 144). Messages and appointments change in other modules,
// which this one must not import: while an administrator is connected to this node, the figures
// are recomputed every few seconds (one query) and pushed only when they changed; an
// administrative act of this module pushes them at once.
import type { Estadisticas } from '@miduelo/shared/administracion';
import { sala } from '@miduelo/shared/realtime';
import type { Ctx } from '../../plugins/contexto';
import { calcularEstadisticas } from './service';

export const INTERVALO_ESTADISTICAS_MS = 5000;

export function crearEstadisticasEnVivo(ctx: Ctx) {
  let ultima = '';
  let timer: NodeJS.Timeout | undefined;
  let enCurso = false;

  const hayAdmins = () => (ctx.realtime.io.sockets.adapter.rooms.get(sala.administradores)?.size ?? 0) > 0;

  async function publicar(forzar = false) {
    if (enCurso || !hayAdmins()) return;
    enCurso = true;
    try {
      const e: Estadisticas = await calcularEstadisticas(ctx);
      const json = JSON.stringify(e);
      if (!forzar && json === ultima) return;
      ultima = json;
      // Each node pushes to its own administrators' sockets only (every node runs this loop).
      ctx.realtime.io.local.to(sala.administradores).emit('admin:estadisticas', e);
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message } }, 'no se pudieron calcular las estadísticas');
    } finally {
      enCurso = false;
    }
  }

  return {
    iniciar() {
      timer = setInterval(() => void publicar(), INTERVALO_ESTADISTICAS_MS);
      timer.unref();
    },
    detener() {
      clearInterval(timer);
    },
    /** After an act of this module: the figures move now, not at the next tick. */
    ahora() {
      void publicar(true);
    },
  };
}
