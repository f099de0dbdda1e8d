// Agenda routes of spec 1 §7 (base /api/psicologo). Handlers only validate, call the service and answer.
import {
  ActualizarCitaBody,
  AgendaQuery,
  AgendaRespuestaSchema,
  CitaSchema,
  CitasSchema,
  CrearAgendaBody,
  CrearCitaBody,
  DisponibilidadBody,
  DisponibilidadesSchema,
  DisponibilidadSchema,
  DuplicadasRespuestaSchema,
  ExcepcionBody,
  ExcepcionesSchema,
  ExcepcionSchema,
  IdParam,
  MSG_AGENDA,
  MsgIdRespuesta,
  diaSemanaSchema,
  horaSchema,
} from '@miduelo/shared/agenda';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { forbidden } from '../../errors';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { actualizarCita, crearCita, eliminarCita, eliminarDuplicadas, listarCitasDeAgenda } from './service-citas';
import {
  actualizarDisponibilidad,
  agregarDisponibilidad,
  crearAgenda,
  crearExcepcion,
  eliminarDisponibilidad,
  eliminarExcepcion,
  listarDisponibilidad,
  listarExcepciones,
  obtenerAgenda,
} from './service-horario';

const PorPsicologo = v.object({ id_psicologo: IdParam });
const PorCita = v.object({ id_cita: IdParam });
const PorAgenda = v.object({ id_agenda: IdParam });
const PorId = v.object({ id: IdParam });
const PorFranja = v.object({ id_psicologo: IdParam, dia_semana: diaSemanaSchema, hora_inicio: horaSchema() });

/** Identity comes from the token; a path or body naming another psychologist is refused. */
function propio(request: FastifyRequest, idNombrado?: number) {
  const { id_psicologo } = psicologoDe(request);
  if (idNombrado !== undefined && idNombrado !== id_psicologo) throw forbidden(MSG_AGENDA.otroPsicologo, 'OTRO_PSICOLOGO');
  return id_psicologo;
}

const rutasAgenda: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePsicologo);

  // ---- Weekly agenda ----
  app.get(
    '/agenda/:id_psicologo',
    { schema: { params: PorPsicologo, querystring: AgendaQuery, response: { 200: AgendaRespuestaSchema } } },
    async (request) =>
      obtenerAgenda(ctx, { idPsicologo: propio(request, request.params.id_psicologo), semanaInicio: request.query.semana_inicio }),
  );

  app.post(
    '/agenda',
    { schema: { body: CrearAgendaBody, response: { 200: AgendaRespuestaSchema, 201: AgendaRespuestaSchema } } },
    async (request, reply) => {
      const b = request.body;
      const r = await crearAgenda(ctx, { idPsicologo: propio(request, b.id_psicologo), ...b });
      return reply.status(r.creada ? 201 : 200).send({ agenda: r.agenda });
    },
  );

  // ---- Appointments ----
  app.get('/citas/:id_agenda', { schema: { params: PorAgenda, response: { 200: CitasSchema } } }, async (request) =>
    listarCitasDeAgenda(ctx, { idPsicologo: propio(request), idAgenda: request.params.id_agenda }),
  );

  app.post('/citas', { schema: { body: CrearCitaBody, response: { 201: CitaSchema } } }, async (request, reply) =>
    reply.status(201).send(await crearCita(ctx, { idPsicologo: propio(request), datos: request.body })),
  );

  app.put('/citas/:id_cita', { schema: { params: PorCita, body: ActualizarCitaBody, response: { 200: CitaSchema } } }, async (request) =>
    actualizarCita(ctx, { idPsicologo: propio(request), idCita: request.params.id_cita, datos: request.body }),
  );

  app.delete('/citas/:id_cita', { schema: { params: PorCita, response: { 200: MsgIdRespuesta } } }, async (request) =>
    eliminarCita(ctx, { idPsicologo: propio(request), idCita: request.params.id_cita }),
  );

  app.delete('/citas/:id_cita/duplicadas', { schema: { params: PorCita, response: { 200: DuplicadasRespuestaSchema } } }, async (request) =>
    eliminarDuplicadas(ctx, { idPsicologo: propio(request), idCita: request.params.id_cita }),
  );

  // ---- Availability ----
  app.get(
    '/disponibilidad/:id_psicologo',
    { schema: { params: PorPsicologo, response: { 200: DisponibilidadesSchema } } },
    async (request) => listarDisponibilidad(ctx, { idPsicologo: propio(request, request.params.id_psicologo) }),
  );

  app.post('/disponibilidad', { schema: { body: DisponibilidadBody, response: { 201: DisponibilidadSchema } } }, async (request, reply) =>
    reply
      .status(201)
      .send(await agregarDisponibilidad(ctx, { idPsicologo: propio(request, request.body.id_psicologo), datos: request.body })),
  );

  app.put(
    '/disponibilidad/:id',
    { schema: { params: PorId, body: DisponibilidadBody, response: { 200: DisponibilidadSchema } } },
    async (request) =>
      actualizarDisponibilidad(ctx, {
        idPsicologo: propio(request, request.body.id_psicologo),
        id: request.params.id,
        datos: request.body,
      }),
  );

  app.delete(
    '/disponibilidad/:id_psicologo/:dia_semana/:hora_inicio',
    { schema: { params: PorFranja, response: { 200: MsgIdRespuesta } } },
    async (request) => {
      const p = request.params;
      return eliminarDisponibilidad(ctx, { idPsicologo: propio(request, p.id_psicologo), dia: p.dia_semana, horaInicio: p.hora_inicio });
    },
  );

  // ---- Exceptions (decision 034: GET /excepcion/{id} lists the psychologist {id}'s exceptions) ----
  app.post('/excepcion', { schema: { body: ExcepcionBody, response: { 201: ExcepcionSchema } } }, async (request, reply) =>
    reply.status(201).send(await crearExcepcion(ctx, { idPsicologo: propio(request), datos: request.body })),
  );

  app.get('/excepcion/:id', { schema: { params: PorId, response: { 200: ExcepcionesSchema } } }, async (request) =>
    listarExcepciones(ctx, { idPsicologo: propio(request, request.params.id) }),
  );

  app.delete('/excepcion/:id', { schema: { params: PorId, response: { 200: MsgIdRespuesta } } }, async (request) =>
    eliminarExcepcion(ctx, { idPsicologo: propio(request), id: request.params.id }),
  );
};

export default rutasAgenda;
