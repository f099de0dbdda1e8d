// The patient's rights of access and opposition (issue 56; decisions 376, 377): "Descargar mis
// datos" and the opposition switches of the app, and the administrator's export of a patient.
// (Cancellation and opposition requests are the module's other plugin.)
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rutasExportacionAdmin, rutasExportacionPaciente } from './routes-exportacion';
import rutasOposicion from './routes-oposicion';

export default fp(
  async function derechosExportacionPlugin(app: FastifyInstance) {
    await app.register(rutasExportacionPaciente, { prefix: '/api/paciente' });
    await app.register(rutasOposicion, { prefix: '/api/paciente' });
    await app.register(rutasExportacionAdmin, { prefix: '/api/admin' });
  },
  { name: 'derechos-exportacion', dependencies: ['contexto', 'auth', 'cuentas'] },
);
