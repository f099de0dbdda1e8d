// A job that runs every `intervaloMs` from `iniciar` (the app's onReady) until `detener` (onClose):
// ticks never overlap in one process (a slow tick makes the next ones skip), a failed tick is
// logged and the next one tries again, and `detener` waits for the tick in course. Several nodes
// may run the same job: each job claims its rows in the database (see agenda/jobs, pacientes/jobs).
import type { FastifyBaseLogger } from 'fastify';

export function programarTarea(o: { log: FastifyBaseLogger; intervaloMs: number; fallo: string; tick: () => Promise<unknown> }) {
  let temporizador: NodeJS.Timeout | null = null;
  let enCurso: Promise<unknown> | null = null;
  const correr = () => {
    if (enCurso) return;
    enCurso = o
      .tick()
      .catch((err) => o.log.error({ err: { message: (err as Error).message } }, o.fallo))
      .finally(() => {
        enCurso = null;
      });
  };
  return {
    iniciar() {
      temporizador ??= setInterval(correr, o.intervaloMs);
      temporizador.unref();
    },
    async detener() {
      if (temporizador) clearInterval(temporizador);
      temporizador = null;
      await enCurso;
    },
  };
}
