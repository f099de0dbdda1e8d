// The patient's agenda routes (mobile app, base /api/paciente). Identity from the token only.
import {
  CitaPacienteSchema,
  CitasPacienteSchema,
  HorariosQuery,
  HorariosRespuestaSchema,
  IdParam,
  SolicitarCitaBody,
  type SolicitarCitaDatos,
} from '@miduelo/shared/citas';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pacienteDe } from '../../plugins/auth';
import type { AgendaCtx } from './service-citas';
import { cancelarMiCita, horariosDisponibles, listarMisCitas, solicitarCita } from './service-paciente';

const PorCita = v.object({ id_cita: IdParam });

export default async function rutasPaciente(app: FastifyInstance, opts: { ctx: AgendaCtx }) {
  const { ctx } = opts;
  const base = '/api/paciente';
  const guard = { preHandler: app.requierePaciente };

  app.get(`${base}/citas`, { ...guard, schema: { response: { 200: CitasPacienteSchema } } }, async (request) =>
    listarMisCitas(ctx, pacienteDe(request).id_paciente),
  );

  app.get(
    `${base}/horarios-disponibles`,
    { ...guard, schema: { querystring: HorariosQuery, response: { 200: HorariosRespuestaSchema } } },
    async (request) => {
      const q = request.query as v.InferOutput<typeof HorariosQuery>;
      return horariosDisponibles(ctx, pacienteDe(request).id_paciente, q.fecha, q.duracion);
    },
  );

  app.post(
    `${base}/citas/solicitar`,
    { ...guard, schema: { body: SolicitarCitaBody, response: { 201: CitaPacienteSchema } } },
    async (request, reply) =>
      reply.status(201).send(await solicitarCita(ctx, pacienteDe(request).id_paciente, request.body as SolicitarCitaDatos)),
  );

  app.put(
    `${base}/citas/:id_cita/cancelar`,
    { ...guard, schema: { params: PorCita, response: { 200: CitaPacienteSchema } } },
    async (request) => cancelarMiCita(ctx, pacienteDe(request).id_paciente, (request.params as v.InferOutput<typeof PorCita>).id_cita),
  );
}
