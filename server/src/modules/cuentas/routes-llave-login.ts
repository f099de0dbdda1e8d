// The login with a passkey (decision 375), for psychologists (administrators too) and patients:
// instead of the password (user verification required: the passkey proves both factors), or as
// the second step after it (the pending token of the password step).
import { EntrarConLlaveBody, OpcionesSegundoPasoBody, OpcionesWebauthnRespuesta, SegundoPasoLlaveBody } from '@miduelo/shared/passkeys';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { intentoContado } from '../../comun/intento-contado';
import type { ValibotTypeProvider } from '../../plugins/valibot';

/** The credential the browser presents: the limit's key of the passwordless login (no account yet). */
const credencialDe = (request: FastifyRequest) => {
  const b = request.body as { respuesta?: { id?: unknown } } | undefined;
  return typeof b?.respuesta?.id === 'string' ? `llave:${b.respuesta.id.slice(0, 200)}` : undefined;
};

export function rutasLlaveLogin(
  app: FastifyInstance,
  o: { tipoCuenta: 'psicologo' | 'paciente'; respuesta: v.GenericSchema; abrir: (id: number) => Promise<{ token: string }> },
) {
  const r = app.withTypeProvider<ValibotTypeProvider>();
  // Failed assertions count like wrong passwords (decision 074): per credential and address for the
  // passwordless login, per pending account for the second step.
  const limiteEntrar = app.limiteLogin(`llave-${o.tipoCuenta}`, credencialDe);
  const limitePaso = app.limiteLogin(`segundo-paso-${o.tipoCuenta}`, app.segundoPaso.cuentaDe);

  /** The session, listed among the account's devices like every login's (decision 380). */
  const abrirYRegistrar = async (request: FastifyRequest, reply: FastifyReply, id: number) => {
    const sesion = await o.abrir(id);
    await app.sesionesAbiertas.registrar(request, reply, sesion.token);
    return sesion;
  };

  r.post('/llave-acceso/opciones', { schema: { response: { 200: OpcionesWebauthnRespuesta } } }, async () =>
    app.llaveAcceso.opcionesEntrar(o.tipoCuenta),
  );
  r.post(
    '/llave-acceso/entrar',
    { schema: { body: EntrarConLlaveBody, response: { 200: o.respuesta } }, preHandler: limiteEntrar.antes },
    async (request, reply) => {
      const cuenta = await intentoContado(
        limiteEntrar,
        { request, reply, clave: credencialDe(request) ?? '', fallos: ['LLAVE_NO_RECONOCIDA'] },
        () => app.llaveAcceso.entrar({ tipo: o.tipoCuenta, respuesta: request.body.respuesta }),
      );
      return abrirYRegistrar(request, reply, cuenta.id);
    },
  );
  r.post(
    '/iniciar-sesion/segundo-paso/llave-opciones',
    { schema: { body: OpcionesSegundoPasoBody, response: { 200: OpcionesWebauthnRespuesta } } },
    async (request) => app.llaveAcceso.opcionesSegundoPaso({ tokenMfa: request.body.token_mfa, tipo: o.tipoCuenta }),
  );
  r.post(
    '/iniciar-sesion/segundo-paso/llave',
    { schema: { body: SegundoPasoLlaveBody, response: { 200: o.respuesta } }, preHandler: limitePaso.antes },
    async (request, reply) => {
      const cuenta = await intentoContado(
        limitePaso,
        { request, reply, clave: app.segundoPaso.cuentaDe(request) ?? '', fallos: ['LLAVE_NO_RECONOCIDA'] },
        () => app.llaveAcceso.segundoPaso({ tokenMfa: request.body.token_mfa, tipo: o.tipoCuenta, respuesta: request.body.respuesta }),
      );
      return abrirYRegistrar(request, reply, cuenta.id);
    },
  );
}
