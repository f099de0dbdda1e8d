// Two-step verification of the signed-in account, any kind (base /api/mfa; decision 370).
import { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import {
  CodigosRecuperacionRespuesta,
  ConfirmarTotpBody,
  ContrasenaRecienteBody,
  EstadoMfaRespuesta,
  InscripcionTotpRespuesta,
} from '@miduelo/shared/mfa';
import { actorDe } from '../../comun/auditoria';
import type { Rutas } from '../../plugins/valibot';
import { cuentaDe, limiteDeCambios } from './limite-cambios';
import rutasLlaves from './routes-llaves';
import { confirmarInscripcion, eliminarFactor, estadoMfa, iniciarInscripcion, regenerarCodigos } from './service';

const rutasMfa: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereCuenta);
  // The account's passkeys (decision 374), under the same session requirement.
  await app.register(rutasLlaves, { prefix: '/llaves' });
  // Wrong passwords (the recent login) and wrong first codes count like failed logins, per account
  // and address (decision 074), and never lock the owner out on a known device.
  const { antes, conLimite } = limiteDeCambios(app, ['CONTRASENA_INCORRECTA', 'CODIGO_MFA_INVALIDO']);

  app.get('/estado', { schema: { response: { 200: EstadoMfaRespuesta } } }, async (request) => estadoMfa(ctx, cuentaDe(request)));

  app.post(
    '/totp/iniciar',
    { preHandler: antes, schema: { body: ContrasenaRecienteBody, response: { 200: InscripcionTotpRespuesta } } },
    async (request, reply) =>
      conLimite(request, reply, () => iniciarInscripcion(ctx, { cuenta: cuentaDe(request), contrasena: request.body.contrasena })),
  );
  app.post(
    '/totp/confirmar',
    { preHandler: antes, schema: { body: ConfirmarTotpBody, response: { 200: CodigosRecuperacionRespuesta } } },
    async (request, reply) =>
      conLimite(request, reply, () =>
        confirmarInscripcion(ctx, { cuenta: cuentaDe(request), codigo: request.body.codigo, actor: actorDe(request) }),
      ),
  );
  app.post(
    '/totp/eliminar',
    { preHandler: antes, schema: { body: ContrasenaRecienteBody, response: { 200: MsgRespuesta } } },
    async (request, reply) =>
      conLimite(request, reply, () =>
        eliminarFactor(ctx, { cuenta: cuentaDe(request), contrasena: request.body.contrasena, actor: actorDe(request) }),
      ),
  );
  app.post(
    '/codigos/regenerar',
    { preHandler: antes, schema: { body: ContrasenaRecienteBody, response: { 200: CodigosRecuperacionRespuesta } } },
    async (request, reply) =>
      conLimite(request, reply, () =>
        regenerarCodigos(ctx, { cuenta: cuentaDe(request), contrasena: request.body.contrasena, actor: actorDe(request) }),
      ),
  );
};

export default rutasMfa;
