// The signed-in account's open sessions (base /api/sesiones; decision 380), any kind of account.
import { IdSesionParams, SesionesAbiertasRespuesta, SesionesCerradasRespuesta } from '@miduelo/shared/dispositivos';
import type { FastifyRequest } from 'fastify';
import { actorDe } from '../../comun/auditoria';
import { unauthorized } from '../../errors';
import { cuentaDeSesion } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { cerrarOtrasSesiones, cerrarSesionAbierta, listarSesionesAbiertas } from './service';

const quien = (request: FastifyRequest) => {
  if (!request.sesion) throw unauthorized('No autenticado');
  return { cuenta: cuentaDeSesion(request.sesion), jtiActual: request.sesion.jti };
};

const rutasSesiones: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereCuenta);

  app.get('', { schema: { response: { 200: SesionesAbiertasRespuesta } } }, async (request) => listarSesionesAbiertas(ctx, quien(request)));

  app.delete('/:id', { schema: { params: IdSesionParams, response: { 200: SesionesCerradasRespuesta } } }, async (request) =>
    cerrarSesionAbierta(ctx, { ...quien(request), id: request.params.id, actor: actorDe(request) }),
  );

  app.post('/cerrar-otras', { schema: { response: { 200: SesionesCerradasRespuesta } } }, async (request) =>
    cerrarOtrasSesiones(ctx, { ...quien(request), actor: actorDe(request) }),
  );
};

export default rutasSesiones;
