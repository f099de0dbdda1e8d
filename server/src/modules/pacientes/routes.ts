// Patients of the signed-in psychologist (spec 1 §7 Patients, base /api/psicologo).
import { IdParam } from '@miduelo/shared/citas';
import { PacienteSchema, PacientesSchema, PerfilBasicoSchema, ProximaCitaSchema } from '@miduelo/shared/pacientes';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Config } from '../../config';
import { psicologoDe } from '../../plugins/auth';
import { listarPacientes, obtenerPaciente, obtenerPerfilBasico, obtenerProximaCita, type PacientesCtx } from './service';

const PorId = v.object({ id: IdParam });

export default async function pacientesRoutes(app: FastifyInstance, opts: { config: Config }) {
  const ctx: PacientesCtx = { db: app.db, config: opts.config };
  const base = '/api/psicologo';
  const guard = { preHandler: app.requierePsicologo };
  const idDe = (params: unknown) => (params as v.InferOutput<typeof PorId>).id;

  app.get(`${base}/lista-pacientes`, { ...guard, schema: { response: { 200: PacientesSchema } } }, async (request) =>
    listarPacientes(ctx, psicologoDe(request).id_psicologo),
  );

  app.get(`${base}/paciente/:id`, { ...guard, schema: { params: PorId, response: { 200: PacienteSchema } } }, async (request) =>
    obtenerPaciente(ctx, psicologoDe(request).id_psicologo, idDe(request.params)),
  );

  app.get(
    `${base}/paciente/:id/proxima-cita`,
    { ...guard, schema: { params: PorId, response: { 200: ProximaCitaSchema } } },
    async (request) => obtenerProximaCita(ctx, psicologoDe(request).id_psicologo, idDe(request.params)),
  );

  // The linking code a new patient types when registering in the app (shown on the patient list).
  app.get(`${base}/perfil-basico`, { ...guard, schema: { response: { 200: PerfilBasicoSchema } } }, async (request) =>
    obtenerPerfilBasico(ctx, psicologoDe(request).id_psicologo),
  );
}
