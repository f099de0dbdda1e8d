// The agenda: weekly agendas, appointments, availability and exceptions for psychologists, the
// patient's appointments in the app, and the 24-hour reminder job.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarPendientes } from '../../db/cifrar-pendientes';
import { programarRecordatorios } from './jobs';
import routes from './routes';
import routesPaciente from './routes-paciente';
import { sembrarAgendaDemo } from './seed';

export default fp(
  async function agendaPlugin(app: FastifyInstance) {
    await app.register(routes, { prefix: '/api/psicologo' });
    await app.register(routesPaciente, { prefix: '/api/paciente' });
    app.demo.registrar(sembrarAgendaDemo(app.ctx.cifrador));
    // Notes stored before encryption, or under a retired key, are encrypted before serving.
    app.addHook('onReady', async () => {
      const n = await cifrarPendientes(app.ctx.db, app.ctx.cifrador, { tabla: 'cita', clave: 'id_cita', columna: 'notas' });
      if (n > 0) app.log.info({ filas: n }, 'cifrado en reposo: notas de citas cifradas con la llave actual');
    });

    const recordatorios = programarRecordatorios(app.ctx);
    app.addHook('onReady', async () => recordatorios.iniciar());
    app.addHook('onClose', async () => recordatorios.detener());
  },
  { name: 'agenda', dependencies: ['contexto', 'auth', 'demo', 'cuentas'] },
);
