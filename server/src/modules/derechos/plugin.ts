// The patient's rights over her data (issue 56): ARCO cancellation and opposition requests with the
// administrators' queue (decisions 378, 379).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rutasSolicitudesAdmin, rutasSolicitudesPaciente } from './routes-solicitudes';
import { sembrarSolicitudesDemo } from './solicitudes-seed';

export default fp(
  async function derechosPlugin(app: FastifyInstance) {
    await app.register(rutasSolicitudesPaciente, { prefix: '/api/paciente' });
    await app.register(rutasSolicitudesAdmin, { prefix: '/api/admin' });
    app.demo.registrar(sembrarSolicitudesDemo(app.ctx.cifrador, app.ctx.config.zonaClinica));
  },
  { name: 'derechos', dependencies: ['contexto', 'auth', 'realtime', 'demo', 'cuentas'] },
);
