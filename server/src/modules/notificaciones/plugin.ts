// Notifications of the patient's app: Web Push subscriptions, preferences, and the observer that
// turns published events into a push for a patient with no open socket (issue 17).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import routes from './routes';
import { cerrarAgente, observadorPush } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends still in flight (tests await them instead of sleeping). */
    pushPendientes: Set<Promise<unknown>>;
  }
}

export default fp(
  async function notificacionesPlugin(app: FastifyInstance) {
    await app.register(routes, { prefix: '/api/paciente' });
    const pendientes = new Set<Promise<unknown>>();
    app.decorate('pushPendientes', pendientes);
    app.realtime.alEmitir(
      observadorPush(app.ctx, (p) => {
        pendientes.add(p);
        void p.finally(() => pendientes.delete(p));
      }),
    );
    app.addHook('onClose', async () => {
      await Promise.allSettled([...pendientes]);
      cerrarAgente(app.ctx);
    });
  },
  { name: 'notificaciones', dependencies: ['contexto', 'auth', 'realtime', 'cuentas'] },
);
