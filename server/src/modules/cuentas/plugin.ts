// Accounts: psychologists, patients and the administrator's account switches.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import routesAdmin from './routes-admin';
import routesPaciente from './routes-paciente';
import { sembrarCuentasDemo } from './seed';

export default fp(
  async function cuentasPlugin(app: FastifyInstance) {
    await app.register(routes, { prefix: '/api/psicologo' });
    await app.register(routesPaciente, { prefix: '/api/paciente' });
    await app.register(routesAdmin, { prefix: '/api/admin' });
    app.demo.registrar(sembrarCuentasDemo);
  },
  { name: 'cuentas', dependencies: ['contexto', 'auth', 'rate-limit', 'demo', 'mfa'] },
);
