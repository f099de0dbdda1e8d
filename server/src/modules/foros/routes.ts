// Forum API (spec 2 §7, base /api/foros; every answer wrapped in `data`, lists with `meta`, errors
// with `error` beside `msg`). Psychologists call it from the web, patients from the app with their
// own token on the same paths; the account comes from the token only. This file: forums,
// participants and invitations; topics and posts are in routes-temas.ts.
import {
  ActualizarForoSchema,
  CrearForoSchema,
  ForoRespuestaSchema,
  IdForoParamsSchema,
  IdParamsSchema,
  IdParticipanteParamsSchema,
  MSG_FOROS,
  InvitacionRespuestaSchema,
  InvitarSchema,
  ListaForosQuerySchema,
  ListaForosSchema,
  ListaInvitacionesSchema,
  ListaParticipantesSchema,
  MisInvitacionesQuerySchema,
  MsgRespuestaSchema,
  ResponderInvitacionSchema,
  UnirseRespuestaSchema,
} from '@miduelo/shared/foros';
import { actorDe } from '../../comun/auditoria';
import { cuentaDeSesion, psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { foroDto } from './dto';
import { guardasDeForos } from './guardas';
import {
  actualizarForo,
  crearForo,
  eliminarForo,
  invitar,
  listarForos,
  misInvitaciones,
  obtenerForo,
  participantesDeForo,
  quitarParticipante,
  responderInvitacion,
  salirDeForo,
  unirseAForo,
} from './service';

const rutasForos: Rutas = async (app) => {
  const { ctx } = app;
  const { sesion, psicologo, soloPacientes, sesionOpcional, cuenta } = guardasDeForos(app);

  // ---- Forums ----
  app.get(
    '',
    { onRequest: sesionOpcional, schema: { querystring: ListaForosQuerySchema, response: { 200: ListaForosSchema } } },
    async (request) => listarForos(ctx, { cuenta: request.sesion ? cuentaDeSesion(request.sesion) : null, ...request.query }),
  );

  app.post('', { ...psicologo, schema: { body: CrearForoSchema, response: { 201: ForoRespuestaSchema } } }, async (request, reply) => {
    const f = await crearForo(ctx, { sesion: psicologoDe(request), auditoria: actorDe(request), ...request.body });
    return reply.status(201).send({ data: foroDto(f) });
  });

  app.get('/:id', { ...sesion, schema: { params: IdForoParamsSchema, response: { 200: ForoRespuestaSchema } } }, async (request) => ({
    data: foroDto(await obtenerForo(ctx, { cuenta: cuenta(request), idForo: request.params.id })),
  }));

  app.put(
    '/:id',
    { ...psicologo, schema: { params: IdForoParamsSchema, body: ActualizarForoSchema, response: { 200: ForoRespuestaSchema } } },
    async (request) => {
      const b = request.body;
      const datos = Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined));
      const f = await actualizarForo(ctx, { cuenta: cuenta(request), auditoria: actorDe(request), idForo: request.params.id, datos });
      return { data: foroDto(f) };
    },
  );

  app.delete('/:id', { ...psicologo, schema: { params: IdForoParamsSchema, response: { 200: MsgRespuestaSchema } } }, async (request) => ({
    data: await eliminarForo(ctx, { cuenta: cuenta(request), auditoria: actorDe(request), idForo: request.params.id }),
  }));

  app.post(
    '/:id/unirse',
    { ...soloPacientes, schema: { params: IdForoParamsSchema, response: { 200: UnirseRespuestaSchema } } },
    async (request) => {
      const f = await unirseAForo(ctx, { cuenta: cuenta(request), idForo: request.params.id });
      return { data: foroDto(f), msg: MSG_FOROS.unido };
    },
  );

  app.post(
    '/:id/salir',
    { ...soloPacientes, schema: { params: IdForoParamsSchema, response: { 200: UnirseRespuestaSchema } } },
    async (request) => {
      const f = await salirDeForo(ctx, { cuenta: cuenta(request), idForo: request.params.id });
      return { data: foroDto(f), msg: MSG_FOROS.saliste };
    },
  );

  // ---- Participants ----
  app.get(
    '/:id/participantes',
    { ...sesion, schema: { params: IdForoParamsSchema, response: { 200: ListaParticipantesSchema } } },
    async (request) => ({ data: await participantesDeForo(ctx, { cuenta: cuenta(request), idForo: request.params.id }) }),
  );

  app.delete(
    '/:id/participantes/:idParticipante',
    { ...psicologo, schema: { params: IdParticipanteParamsSchema, response: { 200: MsgRespuestaSchema } } },
    async (request) => ({
      data: await quitarParticipante(ctx, {
        cuenta: cuenta(request),
        auditoria: actorDe(request),
        idForo: request.params.id,
        idParticipante: request.params.idParticipante,
      }),
    }),
  );

  // ---- Invitations (psychologists: moderators are professionals) ----
  app.post(
    '/:id/invitar',
    { ...psicologo, schema: { params: IdForoParamsSchema, body: InvitarSchema, response: { 201: InvitacionRespuestaSchema } } },
    async (request, reply) => {
      const inv = await invitar(ctx, {
        sesion: psicologoDe(request),
        auditoria: actorDe(request),
        idForo: request.params.id,
        ...request.body,
      });
      return reply.status(201).send({ data: inv, msg: 'Invitación enviada' });
    },
  );

  app.get(
    '/invitaciones/mis-invitaciones',
    { ...psicologo, schema: { querystring: MisInvitacionesQuerySchema, response: { 200: ListaInvitacionesSchema } } },
    async (request) => ({
      data: await misInvitaciones(ctx, { idPsicologo: psicologoDe(request).id_psicologo, estado: request.query.estado }),
    }),
  );

  app.post(
    '/invitaciones/:id/responder',
    { ...psicologo, schema: { params: IdParamsSchema, body: ResponderInvitacionSchema, response: { 200: InvitacionRespuestaSchema } } },
    async (request) =>
      responderInvitacion(ctx, {
        idPsicologo: psicologoDe(request).id_psicologo,
        auditoria: actorDe(request),
        idInvitacion: request.params.id,
        aceptar: request.body.aceptar,
      }),
  );
};

export default rutasForos;
