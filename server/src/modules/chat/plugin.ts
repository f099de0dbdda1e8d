// The chat: psychologist–patient conversations and the administrator's, over HTTP and sockets.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarPendientes } from '../../db/cifrar-pendientes';
import { limiteDeEnvio } from './limite';
import { rutasChatPaciente, rutasChatPsicologo } from './routes';
import rutasChatAdmin from './routes-admin';
import { sembrarChatDemo } from './seed';
import { registrarSocketsChat } from './socket';

export default fp(
  async function chatPlugin(app: FastifyInstance) {
    await app.register(rutasChatPsicologo, { prefix: '/api/psicologo' });
    await app.register(rutasChatPaciente, { prefix: '/api/paciente' });
    await app.register(rutasChatAdmin, { prefix: '/api/admin' });
    registrarSocketsChat(app, app.ctx, limiteDeEnvio(app));
    app.demo.registrar(sembrarChatDemo(app.ctx.cifrador));
    // Messages stored before encryption, or under a retired key, are encrypted before serving.
    app.addHook('onReady', async () => {
      const n = await cifrarPendientes(app.ctx.db, app.ctx.cifrador, {
        tabla: 'mensaje',
        clave: 'id_mensaje',
        columna: 'contenido',
        huellas: 'huellas',
      });
      if (n > 0) app.log.info({ filas: n }, 'cifrado en reposo: mensajes cifrados con la llave actual');
    });
  },
  { name: 'chat', dependencies: ['contexto', 'auth', 'realtime', 'rate-limit', 'demo', 'cuentas'] },
);
