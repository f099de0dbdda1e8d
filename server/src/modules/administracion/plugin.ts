// Administration: psychologists (licence validation with the registry, deletion), patients
// (reassignment), the live dashboard and the audit log screen (spec 2 §2, §7; decisions 140–147).
// Enabling/disabling accounts and the administrator's own profile live in `cuentas`.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { crearEstadisticasEnVivo } from './estadisticas-en-vivo';
import routes from './routes';
import { sembrarAdministracionDemo } from './seed';

export default fp(
  async function administracionPlugin(app: FastifyInstance) {
    const vivo = crearEstadisticasEnVivo(app.ctx);
    await app.register(routes, { prefix: '/api/admin', alCambiar: vivo.ahora });
    app.addHook('onReady', async () => vivo.iniciar());
    app.addHook('onClose', async () => vivo.detener());
    app.demo.registrar(sembrarAdministracionDemo);
  },
  { name: 'administracion', dependencies: ['contexto', 'auth', 'realtime', 'demo', 'cuentas'] },
);
