// Community forums: forums, participants, invitations, topics and posts over HTTP and sockets.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarColumnas } from '../../db/cifrar-pendientes';
import rutasForos from './routes';
import rutasTemas from './routes-temas';
import { sembrarForosDemo } from './seed';
import { registrarSocketsForos } from './socket';

export default fp(
  async function forosPlugin(app: FastifyInstance) {
    await app.register(rutasForos, { prefix: '/api/foros' });
    await app.register(rutasTemas, { prefix: '/api/foros' });
    registrarSocketsForos(app, app.ctx);
    app.demo.registrar(sembrarForosDemo(app.ctx.cifrador));
    // Topic titles and report reasons stored before they were encrypted (decision 311), and every
    // encrypted text of the forums under a retired key (rotation, decision 312: posts too), are
    // encrypted under the current key before serving.
    app.addHook('onReady', async () => {
      const n = await cifrarColumnas(app.ctx.db, app.ctx.cifrador, [
        { tabla: 'foro_tema', clave: 'id_tema', columna: 'titulo' },
        { tabla: 'foro_reporte', clave: 'id_reporte', columna: 'motivo' },
        { tabla: 'foro_mensaje', clave: 'id_mensaje', columna: 'contenido' },
      ]);
      if (n > 0) app.log.info({ valores: n }, 'cifrado en reposo: textos de los foros cifrados con la llave actual');
    });
  },
  { name: 'foros', dependencies: ['contexto', 'auth', 'realtime', 'rate-limit', 'demo', 'cuentas'] },
);
