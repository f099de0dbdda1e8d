// Online-session routes (issue 54, decision 358): the psychologist's under /api/psicologo, the
// patient's under /api/paciente. Identity from the token only; handlers validate, call the service
// and answer.
import { IdParam } from '@miduelo/shared/agenda';
import { idEntero } from '@miduelo/shared/comun';
import {
  EntradaSesionSchema,
  GraciaSchema,
  MSG_SESION,
  RegistrosSesionSchema,
  SesionEnLineaSchema,
} from '@miduelo/shared/sesiones-en-linea';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { pacienteDe, psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { abiertasDePaciente, abrirSinCita, activasDePsicologo, entrarPorCita, entrarPorId, extender, registrosDePaciente } from './service';

const PorCita = v.object({ id: IdParam });
const PorSesion = v.object({ id: idEntero(MSG_SESION.idInvalido) });
const PorPaciente = v.object({ id: IdParam });

const AvisosSchema = v.array(
  v.object({
    id_sesion: v.number(),
    id_cita: v.nullable(v.number()),
    id_paciente: v.number(),
    paciente: v.string(),
    esperando: v.boolean(),
    en_curso: v.boolean(),
    terminada: v.boolean(),
  }),
);

export const rutasSesionesPsicologo: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePsicologo);
  const parte = (id: number) => ({ tipo: 'psicologo' as const, id });

  app.post('/citas/:id/sesion', { schema: { params: PorCita, response: { 200: EntradaSesionSchema } } }, async (request) =>
    entrarPorCita(ctx, { parte: parte(psicologoDe(request).id_psicologo), actor: actorDe(request), idCita: request.params.id }),
  );

  app.post('/sesiones/:id/entrar', { schema: { params: PorSesion, response: { 200: EntradaSesionSchema } } }, async (request) =>
    entrarPorId(ctx, { parte: parte(psicologoDe(request).id_psicologo), actor: actorDe(request), idSesion: request.params.id }),
  );

  app.post(
    '/pacientes/:id/sesion',
    { schema: { params: PorPaciente, response: { 200: EntradaSesionSchema, 201: EntradaSesionSchema } } },
    async (request, reply) => {
      const r = await abrirSinCita(ctx, { sesion: psicologoDe(request), actor: actorDe(request), idPaciente: request.params.id });
      return reply.status(r.creada ? 201 : 200).send(r.entrada);
    },
  );

  app.put(
    '/sesiones/:id/gracia',
    { schema: { params: PorSesion, body: GraciaSchema, response: { 200: SesionEnLineaSchema } } },
    async (request) =>
      extender(ctx, {
        idPsicologo: psicologoDe(request).id_psicologo,
        actor: actorDe(request),
        idSesion: request.params.id,
        minutos: request.body.minutos,
      }),
  );

  app.get('/sesiones/activas', { schema: { response: { 200: AvisosSchema } } }, async (request) =>
    activasDePsicologo(ctx, psicologoDe(request).id_psicologo),
  );

  app.get('/pacientes/:id/sesiones', { schema: { params: PorPaciente, response: { 200: RegistrosSesionSchema } } }, async (request) =>
    registrosDePaciente(ctx, { idPsicologo: psicologoDe(request).id_psicologo, idPaciente: request.params.id }),
  );
};

export const rutasSesionesPaciente: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);
  const parte = (id: number) => ({ tipo: 'paciente' as const, id });

  app.post('/citas/:id/sesion', { schema: { params: PorCita, response: { 200: EntradaSesionSchema } } }, async (request) =>
    entrarPorCita(ctx, { parte: parte(pacienteDe(request).id_paciente), actor: actorDe(request), idCita: request.params.id }),
  );

  app.post('/sesiones/:id/entrar', { schema: { params: PorSesion, response: { 200: EntradaSesionSchema } } }, async (request) =>
    entrarPorId(ctx, { parte: parte(pacienteDe(request).id_paciente), actor: actorDe(request), idSesion: request.params.id }),
  );

  app.get('/sesiones/abiertas', { schema: { response: { 200: RegistrosSesionSchema } } }, async (request) =>
    abiertasDePaciente(ctx, pacienteDe(request).id_paciente),
  );
};
