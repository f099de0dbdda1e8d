// Forum API (spec 2 §7, base /api/foros; every answer wrapped in `data`, lists with `meta`, errors
// with `error` beside `msg`). Psychologists call it from the web, patients from the app with their
// own token on the same paths; the account comes from the token only.
import { MSG } from '@miduelo/shared/auth';
import {
  ActualizarForoSchema,
  CrearForoSchema,
  CrearMensajeForoSchema,
  CrearTemaSchema,
  ForoRespuestaSchema,
  IdForoParamsSchema,
  IdParamsSchema,
  IdParticipanteParamsSchema,
  MSG_FOROS,
  InvitacionRespuestaSchema,
  InvitarSchema,
  LeerTemaRespuestaSchema,
  ListaForosQuerySchema,
  ListaForosSchema,
  ListaInvitacionesSchema,
  ListaMensajesForoSchema,
  ListaParticipantesSchema,
  ListaReportesSchema,
  ListaTemasSchema,
  MensajeCreadoSchema,
  MensajesForoQuerySchema,
  MisInvitacionesQuerySchema,
  MsgRespuestaSchema,
  OcultarMensajeSchema,
  OcultarRespuestaSchema,
  PaginaTemasQuerySchema,
  ReportarMensajeSchema,
  ReporteRespuestaSchema,
  ResponderInvitacionSchema,
  TemaCreadoSchema,
  UnirseRespuestaSchema,
} from '@miduelo/shared/foros';
import type { FastifyRequest } from 'fastify';
import { actorDe } from '../../comun/auditoria';
import { AppError, unauthorized } from '../../errors';
import { cuentaDeSesion, psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { foroDto } from './dto';
import { limiteDePublicacion } from './limite';
import type { Cuenta } from './repo';
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
import {
  crearTema,
  marcarTemaLeido,
  mensajesDeTema,
  ocultarPost,
  publicarEnTema,
  reportarPost,
  reportesDeForo,
  temasDeForo,
} from './service-temas';

const BEARER = /^Bearer\s+\S+$/i;

const rutasForos: Rutas = async (app) => {
  const { ctx } = app;
  const publicar = limiteDePublicacion(app);

  /** Any signed-in account: a psychologist (administrators too) or a patient. */
  const requiereSesion = async (request: FastifyRequest) => {
    const h = request.headers.authorization;
    if (!h || !BEARER.test(h)) throw unauthorized(MSG.noAutenticado);
    request.sesion = await app.sesiones.verificar(h.replace(/^Bearer\s+/i, ''));
  };
  /** The forum list is open to all (spec 2 §2): a token, when sent, must be valid and personalises it. */
  const sesionOpcional = async (request: FastifyRequest) => {
    if (request.headers.authorization !== undefined) await requiereSesion(request);
  };
  const cuenta = (r: FastifyRequest): Cuenta => {
    if (!r.sesion) throw unauthorized(MSG.noAutenticado);
    return cuentaDeSesion(r.sesion);
  };
  const sesion = { onRequest: requiereSesion };
  // Moderation is a professional's task: patients take part as members only (a check constraint
  // says so too), so the moderation routes refuse them before reading the request.
  const psicologo = { onRequest: app.requierePsicologo };
  /** Joining from the list is for patients (spec 2 §6: 'Los psicólogos no pueden unirse a foros'). */
  const soloPacientes = {
    onRequest: async (request: FastifyRequest) => {
      await requiereSesion(request);
      if (request.sesion?.tipo !== 'paciente') throw new AppError(403, 'FORO_PSICOLOGO', MSG_FOROS.psicologosNoUnirse);
    },
  };

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

  // ---- Topics ----
  app.get(
    '/:id/temas',
    { ...sesion, schema: { params: IdForoParamsSchema, querystring: PaginaTemasQuerySchema, response: { 200: ListaTemasSchema } } },
    async (request) => temasDeForo(ctx, { cuenta: cuenta(request), idForo: request.params.id, ...request.query }),
  );

  app.post(
    '/:id/temas',
    { ...sesion, preHandler: publicar, schema: { params: IdForoParamsSchema, body: CrearTemaSchema, response: { 201: TemaCreadoSchema } } },
    async (request, reply) => {
      const t = await crearTema(ctx, { cuenta: cuenta(request), idForo: request.params.id, titulo: request.body.titulo });
      return reply.status(201).send({ data: t });
    },
  );

  app.get(
    '/:id/reportes',
    { ...psicologo, schema: { params: IdForoParamsSchema, response: { 200: ListaReportesSchema } } },
    async (request) => ({ data: await reportesDeForo(ctx, { cuenta: cuenta(request), idForo: request.params.id }) }),
  );

  // ---- Posts ----
  app.get(
    '/temas/:id/mensajes',
    { ...sesion, schema: { params: IdParamsSchema, querystring: MensajesForoQuerySchema, response: { 200: ListaMensajesForoSchema } } },
    async (request) => {
      const q = request.query;
      return mensajesDeTema(ctx, {
        cuenta: cuenta(request),
        idTema: request.params.id,
        page: q.page,
        limit: q.limit,
        despuesDe: q.despues_de,
        limite: q.limite,
      });
    },
  );

  app.post(
    '/temas/:id/mensajes',
    {
      ...sesion,
      preHandler: publicar,
      schema: { params: IdParamsSchema, body: CrearMensajeForoSchema, response: { 200: MensajeCreadoSchema, 201: MensajeCreadoSchema } },
    },
    async (request, reply) => {
      const r = await publicarEnTema(ctx, {
        cuenta: cuenta(request),
        idTema: request.params.id,
        contenido: request.body.contenido,
        idCliente: request.body.id_cliente,
      });
      return reply.status(r.nuevo ? 201 : 200).send({ data: r.mensaje });
    },
  );

  app.put(
    '/temas/:id/leer',
    { ...sesion, schema: { params: IdParamsSchema, response: { 200: LeerTemaRespuestaSchema } } },
    async (request) => ({
      data: await marcarTemaLeido(ctx, { cuenta: cuenta(request), idTema: request.params.id }),
    }),
  );

  app.post(
    '/mensajes/:id/ocultar',
    { ...psicologo, schema: { params: IdParamsSchema, body: OcultarMensajeSchema, response: { 200: OcultarRespuestaSchema } } },
    async (request) => ({
      data: await ocultarPost(ctx, {
        cuenta: cuenta(request),
        auditoria: actorDe(request),
        idMensaje: request.params.id,
        oculto: request.body.oculto,
      }),
    }),
  );

  app.post(
    '/mensajes/:id/reportar',
    { ...sesion, schema: { params: IdParamsSchema, body: ReportarMensajeSchema, response: { 201: ReporteRespuestaSchema } } },
    async (request, reply) => {
      const r = await reportarPost(ctx, { cuenta: cuenta(request), idMensaje: request.params.id, motivo: request.body.motivo });
      return reply.status(201).send({ data: r });
    },
  );
};

export default rutasForos;
