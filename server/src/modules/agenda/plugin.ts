// The agenda: weekly agendas, appointments, availability and exceptions for psychologists, the
// patient's appointments in the app, and the 24-hour reminder job.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { programarRecordatorios } from './jobs';
import routes from './routes';
import routesPaciente from './routes-paciente';
import { sembrarAgendaDemo } from './seed';

export default fp(
  async function agendaPlugin(app: FastifyInstance) {
    await app.register(routes, { prefix: '/api/psicologo' });
    await app.register(routesPaciente, { prefix: '/api/paciente' });
    app.demo.registrar(sembrarAgendaDemo);

    const recordatorios = programarRecordatorios(app.ctx);
    app.addHook('onReady', async () => recordatorios.iniciar());
    app.addHook('onClose', async () => recordatorios.detener());
  },
  { name: 'agenda', dependencies: ['contexto', 'auth', 'demo', 'cuentas'] },
);
