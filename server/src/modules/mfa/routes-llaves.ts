// The signed-in account's passkeys (base /api/mfa/llaves; decision 374). Registered inside the
// /api/mfa routes: every one needs a session (`requiereCuenta`), never a pending token.
import { MsgRespuesta } from '@miduelo/shared/comun';
import { ContrasenaRecienteBody } from '@miduelo/shared/mfa';
import {
  IdLlaveParams,
  LlaveAgregadaRespuesta,
  LlavesRespuesta,
  OpcionesWebauthnRespuesta,
  RegistrarLlaveBody,
  RenombrarLlaveBody,
} from '@miduelo/shared/passkeys';
import { actorDe } from '../../comun/auditoria';
import type { Rutas } from '../../plugins/valibot';
import { cuentaDe, limiteDeCambios } from './limite-cambios';
import { cambiarNombre, eliminarLlave, listarLlaves, opcionesRegistro, registrarLlave } from './llaves';

const rutasLlaves: Rutas = async (app) => {
  const { ctx } = app;
  // Wrong passwords count like failed logins, in the same group as the authenticator app's changes.
  const { antes, conLimite } = limiteDeCambios(app, ['CONTRASENA_INCORRECTA']);

  app.get('', { schema: { response: { 200: LlavesRespuesta } } }, async (request) => listarLlaves(ctx, cuentaDe(request)));
  app.post(
    '/opciones',
    { preHandler: antes, schema: { body: ContrasenaRecienteBody, response: { 200: OpcionesWebauthnRespuesta } } },
    async (request, reply) =>
      conLimite(request, reply, () => opcionesRegistro(ctx, { cuenta: cuentaDe(request), contrasena: request.body.contrasena })),
  );
  app.post('', { schema: { body: RegistrarLlaveBody, response: { 200: LlaveAgregadaRespuesta } } }, async (request) =>
    registrarLlave(ctx, {
      cuenta: cuentaDe(request),
      nombre: request.body.nombre,
      respuesta: request.body.respuesta,
      actor: actorDe(request),
    }),
  );
  app.patch('/:id', { schema: { params: IdLlaveParams, body: RenombrarLlaveBody, response: { 200: MsgRespuesta } } }, async (request) =>
    cambiarNombre(ctx, { cuenta: cuentaDe(request), id: request.params.id, nombre: request.body.nombre }),
  );
  app.post(
    '/:id/eliminar',
    { preHandler: antes, schema: { params: IdLlaveParams, body: ContrasenaRecienteBody, response: { 200: MsgRespuesta } } },
    async (request, reply) =>
      conLimite(request, reply, () =>
        eliminarLlave(ctx, {
          cuenta: cuentaDe(request),
          id: request.params.id,
          contrasena: request.body.contrasena,
          actor: actorDe(request),
        }),
      ),
  );
};

export default rutasLlaves;
