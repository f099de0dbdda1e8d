// The psychologist's patients and the patient file.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarColumnas } from '../../db/cifrar-pendientes';
import { programarAvisosAniversario } from './jobs';
import { COLUMNA_PERSONA_PERDIDA, COLUMNAS_PERDIDA } from './repo';
import routes from './routes';
import { sembrarPerdidaDemo } from './seed';

export default fp(
  async function pacientesPlugin(app: FastifyInstance) {
    await app.register(routes, { prefix: '/api/psicologo' });
    app.demo.registrar(sembrarPerdidaDemo(app.ctx.cifrador));
    // Who was lost and when (decision 336), stored before encryption or under a retired key, are
    // encrypted before serving.
    app.addHook('onReady', async () => {
      const n = await cifrarColumnas(app.ctx.db, app.ctx.cifrador, COLUMNAS_PERDIDA);
      if (n > 0) app.log.info({ filas: n, columna: COLUMNA_PERSONA_PERDIDA }, 'cifrado en reposo: pérdidas cifradas con la llave actual');
    });

    const avisos = programarAvisosAniversario(app.ctx);
    app.addHook('onReady', async () => avisos.iniciar());
    app.addHook('onClose', async () => avisos.detener());
  },
  { name: 'pacientes', dependencies: ['contexto', 'auth', 'demo', 'cuentas'] },
);
