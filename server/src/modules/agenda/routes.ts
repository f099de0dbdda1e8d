// Agenda routes of spec 1 §7 (base /api/psicologo), the patient's agenda routes (base
// /api/paciente) and the reminder job. Handlers only validate, call the service and answer.
import {
  ActualizarCitaBody,
  type ActualizarCitaDatos,
  AgendaQuery,
  AgendaRespuestaSchema,
  CitaSchema,
  CitasSchema,
  CrearAgendaBody,
  CrearCitaBody,
  type CrearCitaDatos,
  DisponibilidadBody,
  type DisponibilidadDatos,
  DisponibilidadesSchema,
  DisponibilidadSchema,
  DuplicadasRespuestaSchema,
  ExcepcionBody,
  type ExcepcionDatos,
  ExcepcionesSchema,
  ExcepcionSchema,
  IdParam,
  MSG_AGENDA,
  MsgIdRespuesta,
  diaSemanaSchema,
  horaSchema,
} from '@miduelo/shared/citas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Config } from '../../config';
import { forbidden } from '../../errors';
import { psicologoDe } from '../../plugins/auth';
import { programarRecordatorios } from './recordatorios';
import rutasPaciente from './routes-paciente';
import { actualizarCita, type AgendaCtx, crearCita, eliminarCita, eliminarDuplicadas, listarCitasDeAgenda } from './service-citas';
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

type Params<T extends v.GenericSchema> = v.InferOutput<T>;

/** Identity comes from the token; a path or body naming another psychologist is refused. */
function propio(request: FastifyRequest, idNombrado?: number) {
  const { id_psicologo } = psicologoDe(request);
  if (idNombrado !== undefined && idNombrado !== id_psicologo) throw forbidden(MSG_AGENDA.otroPsicologo, 'OTRO_PSICOLOGO');
  return id_psicologo;
}

export default async function agendaRoutes(app: FastifyInstance, opts: { config: Config }) {
  const ctx: AgendaCtx = { db: app.db, config: opts.config, realtime: app.realtime };
  const base = '/api/psicologo';
  const guard = { preHandler: app.requierePsicologo };

  // ---- Weekly agenda ----
  app.get(
    `${base}/agenda/:id_psicologo`,
    { ...guard, schema: { params: PorPsicologo, querystring: AgendaQuery, response: { 200: AgendaRespuestaSchema } } },
    async (request) => {
      const { id_psicologo } = request.params as Params<typeof PorPsicologo>;
      const { semana_inicio } = request.query as Params<typeof AgendaQuery>;
      return obtenerAgenda(ctx, propio(request, id_psicologo), semana_inicio);
    },
  );

  app.post(
    `${base}/agenda`,
    { ...guard, schema: { body: CrearAgendaBody, response: { 200: AgendaRespuestaSchema, 201: AgendaRespuestaSchema } } },
    async (request, reply) => {
      const b = request.body as v.InferOutput<typeof CrearAgendaBody>;
      const r = await crearAgenda(ctx, { idPsicologo: propio(request, b.id_psicologo), ...b });
      return reply.status(r.creada ? 201 : 200).send({ agenda: r.agenda });
    },
  );

  // ---- Appointments ----
  app.get(
    `${base}/citas/:id_agenda`,
    { ...guard, schema: { params: PorAgenda, response: { 200: CitasSchema } } },
    async (request) => listarCitasDeAgenda(ctx, propio(request), (request.params as Params<typeof PorAgenda>).id_agenda),
  );

  app.post(`${base}/citas`, { ...guard, schema: { body: CrearCitaBody, response: { 201: CitaSchema } } }, async (request, reply) => {
    const cita = await crearCita(ctx, { idPsicologo: propio(request), datos: request.body as CrearCitaDatos });
    return reply.status(201).send(cita);
  });

  app.put(
    `${base}/citas/:id_cita`,
    { ...guard, schema: { params: PorCita, body: ActualizarCitaBody, response: { 200: CitaSchema } } },
    async (request) =>
      actualizarCita(ctx, {
        idPsicologo: propio(request),
        idCita: (request.params as Params<typeof PorCita>).id_cita,
        datos: request.body as ActualizarCitaDatos,
      }),
  );

  app.delete(
    `${base}/citas/:id_cita`,
    { ...guard, schema: { params: PorCita, response: { 200: MsgIdRespuesta } } },
    async (request) => eliminarCita(ctx, { idPsicologo: propio(request), idCita: (request.params as Params<typeof PorCita>).id_cita }),
  );

  app.delete(
    `${base}/citas/:id_cita/duplicadas`,
    { ...guard, schema: { params: PorCita, response: { 200: DuplicadasRespuestaSchema } } },
    async (request) =>
      eliminarDuplicadas(ctx, { idPsicologo: propio(request), idCita: (request.params as Params<typeof PorCita>).id_cita }),
  );

  // ---- Availability ----
  app.get(
    `${base}/disponibilidad/:id_psicologo`,
    { ...guard, schema: { params: PorPsicologo, response: { 200: DisponibilidadesSchema } } },
    async (request) => listarDisponibilidad(ctx, propio(request, (request.params as Params<typeof PorPsicologo>).id_psicologo)),
  );

  app.post(
    `${base}/disponibilidad`,
    { ...guard, schema: { body: DisponibilidadBody, response: { 201: DisponibilidadSchema } } },
    async (request, reply) => {
      const b = request.body as DisponibilidadDatos;
      return reply.status(201).send(await agregarDisponibilidad(ctx, propio(request, b.id_psicologo), b));
    },
  );

  app.put(
    `${base}/disponibilidad/:id`,
    { ...guard, schema: { params: PorId, body: DisponibilidadBody, response: { 200: DisponibilidadSchema } } },
    async (request) => {
      const b = request.body as DisponibilidadDatos;
      return actualizarDisponibilidad(ctx, propio(request, b.id_psicologo), (request.params as Params<typeof PorId>).id, b);
    },
  );

  app.delete(
    `${base}/disponibilidad/:id_psicologo/:dia_semana/:hora_inicio`,
    { ...guard, schema: { params: PorFranja, response: { 200: MsgIdRespuesta } } },
    async (request) => {
      const p = request.params as Params<typeof PorFranja>;
      return eliminarDisponibilidad(ctx, propio(request, p.id_psicologo), p.dia_semana, p.hora_inicio);
    },
  );

  // ---- Exceptions (decision 034: GET /excepcion/{id} lists the psychologist {id}'s exceptions) ----
  app.post(
    `${base}/excepcion`,
    { ...guard, schema: { body: ExcepcionBody, response: { 201: ExcepcionSchema } } },
    async (request, reply) => reply.status(201).send(await crearExcepcion(ctx, propio(request), request.body as ExcepcionDatos)),
  );

  app.get(
    `${base}/excepcion/:id`,
    { ...guard, schema: { params: PorId, response: { 200: ExcepcionesSchema } } },
    async (request) => listarExcepciones(ctx, propio(request, (request.params as Params<typeof PorId>).id)),
  );

  app.delete(
    `${base}/excepcion/:id`,
    { ...guard, schema: { params: PorId, response: { 200: MsgIdRespuesta } } },
    async (request) => eliminarExcepcion(ctx, propio(request), (request.params as Params<typeof PorId>).id),
  );

  await app.register(rutasPaciente, { ctx });

  // ---- 24-hour reminders ----
  const recordatorios = programarRecordatorios({ db: app.db, config: opts.config, mailer: app.mailer, log: app.log });
  app.addHook('onReady', async () => recordatorios.iniciar());
  app.addHook('onClose', async () => recordatorios.detener());
}
