// Two-step verification (issue 56, decisions 370–371): the account's own routes under /api/mfa,
// and the login's second step that the accounts module's login routes ask for.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cifrarPendientes } from '../../db/cifrar-pendientes';
import type { CuentaSesion } from '../../plugins/sesiones-cache';
import { confirmarInscripcionObligatoria, iniciarInscripcionObligatoria } from './obligatoria';
import { decorarLlaves } from './decoracion-llaves';
import routes from './routes';
import { canjearSegundoPaso, cuentaDePendiente, pendienteSiHaceFalta } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    segundoPaso: {
      /** After a correct password: the "second step pending" answer when the account has a
       * factor (no session token in it), else null and the login answers as before. */
      pendiente(
        cuenta: CuentaSesion,
      ): Promise<{ mfa_requerida: true; inscripcion_requerida?: true; token_mfa: string; metodos: string[] } | null>;
      /** The second step: the account to open a session for, or 401. */
      canjear(o: {
        tokenMfa: string;
        tipoCuenta: CuentaSesion['tipo'];
        codigo: string;
        tipo: 'totp' | 'recuperacion';
        ip: string | null;
      }): Promise<{ cuenta: CuentaSesion; version: number }>;
      /** Required enrolment (decision 382): starts it with the pending token of the password step. */
      iniciarInscripcion(o: { tokenMfa: string; tipoCuenta: CuentaSesion['tipo'] }): Promise<{ secreto: string; uri: string; qr: string }>;
      /** Confirms it with the app's first code: the account to open a session for, and its codes. */
      confirmarInscripcion(o: {
        tokenMfa: string;
        tipoCuenta: CuentaSesion['tipo'];
        codigo: string;
        ip: string | null;
      }): Promise<{ cuenta: CuentaSesion; codigos: string[] }>;
      /** The per-account key of the second step's limit: the account the pending token names. */
      cuentaDe(request: FastifyRequest): string | undefined;
    };
  }
}

export default fp(
  async function mfaPlugin(app: FastifyInstance) {
    const { ctx } = app;
    app.decorate('segundoPaso', {
      async pendiente(cuenta) {
        // The version is read with the factor: a pending token dies with a password change.
        return pendienteSiHaceFalta(ctx, { cuenta });
      },
      canjear: (o) => canjearSegundoPaso(ctx, o),
      iniciarInscripcion: (o) => iniciarInscripcionObligatoria(ctx, o),
      confirmarInscripcion: (o) => confirmarInscripcionObligatoria(ctx, o),
      cuentaDe(request) {
        const b = request.body as { token_mfa?: unknown } | undefined;
        return typeof b?.token_mfa === 'string' ? cuentaDePendiente(ctx, b.token_mfa) : undefined;
      },
    });
    // The passkey logins the accounts module's routes call (decision 375).
    decorarLlaves(app);
    await app.register(routes, { prefix: '/api/mfa' });
    // Secrets stored under a retired key are re-encrypted under the current one before serving.
    app.addHook('onReady', async () => {
      const n = await cifrarPendientes(app.ctx.db, app.ctx.cifrador, { tabla: 'factor_totp', clave: 'id', columna: 'secreto' });
      if (n > 0) app.log.info({ filas: n }, 'cifrado en reposo: secretos de verificación en dos pasos cifrados con la llave actual');
    });
  },
  { name: 'mfa', dependencies: ['contexto', 'auth', 'rate-limit'] },
);
