// ARCO cancellation and opposition requests (decisions 378, 379): the patient's under /api/paciente,
// the administrators' queue under /api/admin. Each guard runs before any validation.
import {
  CrearSolicitudArcoBody,
  IdSolicitudParamsSchema,
  ResolverSolicitudArcoBody,
  SolicitudArcoAdminSchema,
  SolicitudArcoPacienteSchema,
  SolicitudesAdminQuerySchema,
  SolicitudesArcoAdminRespuesta,
  SolicitudesArcoPacienteRespuesta,
} from '@miduelo/shared/derechos-solicitudes';
import { actorDe } from '../../comun/auditoria';
import { pacienteDe, psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { crearSolicitud, resolverSolicitud, solicitudesPaciente, solicitudesParaAdmin } from './solicitudes-service';

export const rutasSolicitudesPaciente: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);

  app.get('/derechos/solicitudes', { schema: { response: { 200: SolicitudesArcoPacienteRespuesta } } }, async (request) =>
    solicitudesPaciente(ctx, { idPaciente: pacienteDe(request).id_paciente }),
  );

  app.post(
    '/derechos/solicitudes',
    { schema: { body: CrearSolicitudArcoBody, response: { 201: SolicitudArcoPacienteSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await crearSolicitud(ctx, { actor: actorDe(request), idPaciente: pacienteDe(request).id_paciente, ...request.body })),
  );
};

export const rutasSolicitudesAdmin: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereAdmin);

  app.get(
    '/derechos/solicitudes',
    { schema: { querystring: SolicitudesAdminQuerySchema, response: { 200: SolicitudesArcoAdminRespuesta } } },
    async (request) => solicitudesParaAdmin(ctx, { estado: request.query.estado }),
  );

  app.post(
    '/derechos/solicitudes/:id/resolver',
    { schema: { params: IdSolicitudParamsSchema, body: ResolverSolicitudArcoBody, response: { 200: SolicitudArcoAdminSchema } } },
    async (request) =>
      resolverSolicitud(ctx, {
        actor: actorDe(request),
        idAdmin: psicologoDe(request).id_psicologo,
        id: request.params.id,
        ...request.body,
      }),
  );
};
