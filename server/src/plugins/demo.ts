import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SembradorDemo } from '../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Demo content, contributed by each module's plugin in registration order (accounts first). */
    demo: {
      registrar(sembrador: SembradorDemo): void;
      readonly sembradores: readonly SembradorDemo[];
    };
  }
}

export default fp(
  async function demoPlugin(app: FastifyInstance) {
    const sembradores: SembradorDemo[] = [];
    app.decorate('demo', {
      registrar: (s: SembradorDemo) => void sembradores.push(s),
      sembradores,
    });
  },
  { name: 'demo' },
);
