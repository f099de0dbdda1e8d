// The clinical record: tests (catalogue, applications, answers, evolution, PDF) and notes.
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarColumnas } from '../../db/cifrar-pendientes';
import { crearHilosPdf } from './pdf-hilos';
import { COLUMNAS_CIFRADAS } from './repo';
import rutasExpediente from './routes';
import { sembrarExpedienteDemo } from './seed';

export default fp(
  async function expedientePlugin(app: FastifyInstance) {
    // PDFs are made off the main thread (decision 103): one worker, two on a larger machine.
    const pdf = crearHilosPdf(Math.max(1, Math.min(2, availableParallelism() - 1)));
    app.addHook('onClose', async () => pdf.cerrar());
    await app.register(rutasExpediente, { prefix: '/api/psicologo', pdf });
    app.demo.registrar(sembrarExpedienteDemo(app.ctx));
    // Values under a retired key (rotation, decision 070) are re-encrypted at start.
    app.addHook('onReady', async () => {
      const n = await cifrarColumnas(app.ctx.db, app.ctx.cifrador, COLUMNAS_CIFRADAS);
      if (n > 0) app.log.info({ valores: n }, 'cifrado en reposo: notas y respuestas de texto cifradas con la llave actual');
    });
  },
  { name: 'expediente', dependencies: ['contexto', 'auth', 'realtime', 'demo', 'cuentas'] },
);
