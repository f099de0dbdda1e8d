// The clinical record: tests (catalogue, applications, answers, evolution, PDF) and notes.
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { crearHilosPdf } from './pdf-hilos';
import rutasExpediente from './routes';
import { sembrarExpedienteDemo } from './seed';

export default fp(
  async function expedientePlugin(app: FastifyInstance) {
    // PDFs are made off the main thread (decision 103): one worker, two on a larger machine.
    const pdf = crearHilosPdf(Math.max(1, Math.min(2, availableParallelism() - 1)));
    app.addHook('onClose', async () => pdf.cerrar());
    await app.register(rutasExpediente, { prefix: '/api/psicologo', pdf });
    app.demo.registrar(sembrarExpedienteDemo(app.ctx));
  },
  { name: 'expediente', dependencies: ['contexto', 'auth', 'realtime', 'demo', 'cuentas'] },
);
