// What the accounts module's login routes need of passkeys (decision 375), as a decoration: a
// module never reaches into another module's files.
import type { FastifyInstance } from 'fastify';
import type { CuentaSesion } from '../../plugins/sesiones-cache';
import { entrarConLlave, opcionesEntrar, opcionesSegundoPaso, segundoPasoConLlave } from './llaves';

type Tipo = CuentaSesion['tipo'];
type Respuesta = { id: string; response: { clientDataJSON: string } };
type Opciones = { opciones: { challenge: string } & Record<string, unknown> };

declare module 'fastify' {
  interface FastifyInstance {
    llaveAcceso: {
      /** A challenge for the login with a passkey alone. */
      opcionesEntrar(tipo: Tipo): Promise<Opciones>;
      /** The passkey alone (user verified): the account to open a session for, or 400/401. */
      entrar(o: { tipo: Tipo; respuesta: Respuesta }): Promise<CuentaSesion>;
      /** A challenge for the second step, listing the pending account's passkeys. */
      opcionesSegundoPaso(o: { tokenMfa: string; tipo: Tipo }): Promise<Opciones>;
      /** The passkey as the second step: the pending token is spent; the account, or 400/401. */
      segundoPaso(o: { tokenMfa: string; tipo: Tipo; respuesta: Respuesta }): Promise<CuentaSesion>;
    };
  }
}

export function decorarLlaves(app: FastifyInstance) {
  const { ctx } = app;
  app.decorate('llaveAcceso', {
    opcionesEntrar: (tipo) => opcionesEntrar(ctx, tipo),
    entrar: (o) => entrarConLlave(ctx, o),
    opcionesSegundoPaso: (o) => opcionesSegundoPaso(ctx, o),
    segundoPaso: (o) => segundoPasoConLlave(ctx, { tokenMfa: o.tokenMfa, tipo: o.tipo, respuesta: o.respuesta }),
  });
}
