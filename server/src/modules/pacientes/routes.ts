// Patients of the signed-in psychologist (spec 1 §7 Patients, base /api/psicologo).
import { IdParam } from '@miduelo/shared/agenda';
import { PacienteSchema, PacientesSchema, PerfilBasicoSchema, ProximaCitaSchema } from '@miduelo/shared/pacientes';
import { PerdidaBody } from '@miduelo/shared/pacientes-aniversario';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { actualizarPerdida, listarPacientes, obtenerPaciente, obtenerPerfilBasico, obtenerProximaCita } from './service';

const PorId = v.object({ id: IdParam });

const rutasPacientes: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePsicologo);

  app.get('/lista-pacientes', { schema: { response: { 200: PacientesSchema } } }, async (request) =>
    listarPacientes(ctx, { idPsicologo: psicologoDe(request).id_psicologo }),
  );

  app.get('/paciente/:id', { schema: { params: PorId, response: { 200: PacienteSchema } } }, async (request) =>
    obtenerPaciente(ctx, { idPsicologo: psicologoDe(request).id_psicologo, idPaciente: request.params.id }),
  );

  // Anniversary awareness (decision 128): the date of the loss and who was lost, both optional.
  app.put('/paciente/:id/perdida', { schema: { params: PorId, body: PerdidaBody, response: { 200: PacienteSchema } } }, async (request) =>
    actualizarPerdida(ctx, actorDe(request), {
      idPsicologo: psicologoDe(request).id_psicologo,
      idPaciente: request.params.id,
      ...request.body,
    }),
  );

  app.get('/paciente/:id/proxima-cita', { schema: { params: PorId, response: { 200: ProximaCitaSchema } } }, async (request) =>
    obtenerProximaCita(ctx, { idPsicologo: psicologoDe(request).id_psicologo, idPaciente: request.params.id }),
  );

  // The linking code a new patient types when registering in the app (shown on the patient list).
  app.get('/perfil-basico', { schema: { response: { 200: PerfilBasicoSchema } } }, async (request) =>
    obtenerPerfilBasico(ctx, { idPsicologo: psicologoDe(request).id_psicologo }),
  );
};

export default rutasPacientes;
