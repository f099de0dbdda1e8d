// Supervision (issue 55): the administrators' metadata list, break-glass openings of a
// conversation's content, the psychologist's list of them, crisis alerts and the 48-hour reminders.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { programarTareasSupervision } from './jobs';
import { rutasSupervisionAdmin, rutasSupervisionPsicologo } from './routes';
import { registrarSocketsSupervision } from './socket';

export default fp(
  async function supervisionPlugin(app: FastifyInstance) {
    await app.register(rutasSupervisionAdmin, { prefix: '/api/admin' });
    await app.register(rutasSupervisionPsicologo, { prefix: '/api/psicologo' });
    registrarSocketsSupervision(app, app.ctx);

    const tareas = programarTareasSupervision(app.ctx);
    app.addHook('onReady', async () => tareas.iniciar());
    app.addHook('onClose', async () => {
      await tareas.detener();
    });
  },
  { name: 'supervision', dependencies: ['contexto', 'auth', 'realtime', 'chat'] },
);
