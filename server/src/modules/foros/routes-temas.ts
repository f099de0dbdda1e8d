// Forum topics and posts (spec 2 §7, base /api/foros): lists, creation, reading, moderation and
// reports; answers wrapped in `data` like the rest of the forum API.
import {
  CrearMensajeForoSchema,
  CrearTemaSchema,
  IdForoParamsSchema,
  IdParamsSchema,
  LeerTemaRespuestaSchema,
  ListaMensajesForoSchema,
  ListaReportesSchema,
  ListaTemasSchema,
  MensajeCreadoSchema,
  MensajesForoQuerySchema,
  OcultarMensajeSchema,
  OcultarRespuestaSchema,
  PaginaTemasQuerySchema,
  ReportarMensajeSchema,
  ReporteRespuestaSchema,
  TemaCreadoSchema,
} from '@miduelo/shared/foros';
import { actorDe } from '../../comun/auditoria';
import type { Rutas } from '../../plugins/valibot';
import { guardasDeForos } from './guardas';
import { limiteDePublicacion } from './limite';
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

const rutasTemas: Rutas = async (app) => {
  const { ctx } = app;
  const publicar = limiteDePublicacion(app);
  const { sesion, psicologo, cuenta } = guardasDeForos(app);

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

export default rutasTemas;
