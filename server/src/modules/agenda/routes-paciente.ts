// The patient's agenda routes (mobile app, base /api/paciente). Identity from the token only.
import {
  CitaPacienteSchema,
  CitasPacienteSchema,
  HorariosQuery,
  HorariosRespuestaSchema,
  IdParam,
  SolicitarCitaBody,
} from '@miduelo/shared/agenda';
import * as v from 'valibot';
import { pacienteDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { cancelarMiCita, horariosDisponibles, listarMisCitas, solicitarCita } from './service-paciente';

const PorCita = v.object({ id_cita: IdParam });

const rutasAgendaPaciente: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);

  app.get('/citas', { schema: { response: { 200: CitasPacienteSchema } } }, async (request) =>
    listarMisCitas(ctx, { idPaciente: pacienteDe(request).id_paciente }),
  );

  app.get(
    '/horarios-disponibles',
    { schema: { querystring: HorariosQuery, response: { 200: HorariosRespuestaSchema } } },
    async (request) => horariosDisponibles(ctx, { idPaciente: pacienteDe(request).id_paciente, ...request.query }),
  );

  app.post('/citas/solicitar', { schema: { body: SolicitarCitaBody, response: { 201: CitaPacienteSchema } } }, async (request, reply) =>
    reply.status(201).send(await solicitarCita(ctx, { idPaciente: pacienteDe(request).id_paciente, datos: request.body })),
  );

  app.put('/citas/:id_cita/cancelar', { schema: { params: PorCita, response: { 200: CitaPacienteSchema } } }, async (request) =>
    cancelarMiCita(ctx, { idPaciente: pacienteDe(request).id_paciente, idCita: request.params.id_cita }),
  );
};

export default rutasAgendaPaciente;
