// The psychologist's patients and the patient file.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';

export default fp(
  async function pacientesPlugin(app: FastifyInstance) {
    await app.register(routes, { prefix: '/api/psicologo' });
  },
  { name: 'pacientes', dependencies: ['contexto', 'auth', 'cuentas'] },
);
