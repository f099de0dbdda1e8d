// Supervision routes (issue 55, decision 365). Administrators only under /api/admin: everyone else
// gets 401/403 before any validation and nothing is written. The psychologist's own list of the
// openings of her conversations is under /api/psicologo.
import { MensajesQuerySchema } from '@miduelo/shared/chat';
import {
  AbrirSupervisionBody,
  AlertaCrisisSchema,
  AlertasCrisisRespuesta,
  AperturaSchema,
  IdChatParamsSchema,
  MensajesSupervisionRespuesta,
  ReconocerAlertaBody,
  SupervisionesPsicologoRespuesta,
  SupervisionQuerySchema,
  SupervisionRespuesta,
} from '@miduelo/shared/supervision';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { listarAlertasAbiertas, reconocerAlertaCrisis } from './alertas';
import { abrirSupervision, listarSupervision, mensajesSupervisados, supervisionesDePsicologo } from './service';

export const rutasSupervisionAdmin: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereAdmin);

  app.get('/supervision', { schema: { querystring: SupervisionQuerySchema, response: { 200: SupervisionRespuesta } } }, async (request) =>
    listarSupervision(ctx, { ...request.query, idAdmin: psicologoDe(request).id_psicologo }),
  );

  app.post(
    '/supervision/chats/:id/aperturas',
    { schema: { params: IdChatParamsSchema, body: AbrirSupervisionBody, response: { 201: AperturaSchema } } },
    async (request, reply) => {
      const a = await abrirSupervision(ctx, {
        actor: actorDe(request),
        idAdmin: psicologoDe(request).id_psicologo,
        idChat: request.params.id,
        motivo: request.body.motivo,
        razon: request.body.razon,
      });
      return reply.status(201).send(a);
    },
  );

  app.get(
    '/supervision/chats/:id/mensajes',
    { schema: { params: IdChatParamsSchema, querystring: MensajesQuerySchema, response: { 200: MensajesSupervisionRespuesta } } },
    async (request) =>
      mensajesSupervisados(ctx, {
        actor: actorDe(request),
        idAdmin: psicologoDe(request).id_psicologo,
        idChat: request.params.id,
        despuesDe: request.query.despues_de,
        antesDe: request.query.antes_de,
        limite: request.query.limite,
      }),
  );

  app.get('/alertas-crisis', { schema: { response: { 200: AlertasCrisisRespuesta } } }, async () => listarAlertasAbiertas(ctx));

  app.post(
    '/alertas-crisis/:id/reconocer',
    { schema: { params: IdChatParamsSchema, body: ReconocerAlertaBody, response: { 200: AlertaCrisisSchema } } },
    async (request) =>
      reconocerAlertaCrisis(ctx, {
        actor: actorDe(request),
        idAdmin: psicologoDe(request).id_psicologo,
        idAlerta: request.params.id,
        accion: request.body.accion,
      }),
  );
};

export const rutasSupervisionPsicologo: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePsicologo);
  app.get('/supervisiones', { schema: { response: { 200: SupervisionesPsicologoRespuesta } } }, async (request) =>
    supervisionesDePsicologo(ctx, { idPsicologo: psicologoDe(request).id_psicologo }),
  );
};
