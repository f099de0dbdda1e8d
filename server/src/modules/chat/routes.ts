// Chat API of psychologists (spec 1 §7, base /api/psicologo) and of patients (the mobile app,
// base /api/paciente). Handlers only read the session and call the service.
import {
  BuscarQuerySchema,
  CrearChatSchema,
  EnviarMensajeSchema,
  IdPacienteParamsSchema,
  IdParamsSchema,
  MensajesQuerySchema,
} from '@miduelo/shared/chat';
import {
  ChatSchema,
  ChatsPacienteSchema,
  ChatsSchema,
  LeerRespuestaSchema,
  MensajeSchema,
  MensajesSchema,
  PacientesSinChatSchema,
  VerificarChatSchema,
} from '@miduelo/shared/chat-respuestas';
import type { FastifyRequest } from 'fastify';
import { pacienteDe, psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { mensajeDto } from '../../comun/mensaje-dto';
import { chatPsicologoDto } from './dto';
import { limiteDeEnvio } from './limite';
import type { Actor } from './repo';
import {
  crearChatConPaciente,
  enviarMensaje,
  listarChatsPaciente,
  listarChatsPsicologo,
  listarPacientesSinChat,
  marcarChatLeido,
  mensajesDeChat,
  verificarChat,
} from './service';

/** The routes both sides share; the actor decides which conversations are visible. */
function rutasComunes(actorDe: (r: FastifyRequest) => Actor): Rutas {
  return async (app) => {
    const { ctx } = app;
    app.get(
      '/chats/:id/mensajes',
      { schema: { params: IdParamsSchema, querystring: MensajesQuerySchema, response: { 200: MensajesSchema } } },
      async (request) => {
        const q = request.query;
        const r = await mensajesDeChat(ctx, {
          actor: actorDe(request),
          idChat: request.params.id,
          despuesDe: q.despues_de,
          antesDe: q.antes_de,
          limite: q.limite,
        });
        return r.mensajes.map(mensajeDto);
      },
    );

    app.post(
      '/mensajes',
      { preHandler: limiteDeEnvio(app).http, schema: { body: EnviarMensajeSchema, response: { 200: MensajeSchema, 201: MensajeSchema } } },
      async (request, reply) => {
        const b = request.body;
        const r = await enviarMensaje(ctx, { actor: actorDe(request), idChat: b.id_chat, contenido: b.contenido, idCliente: b.id_cliente });
        return reply.status(r.nuevo ? 201 : 200).send(mensajeDto(r.mensaje));
      },
    );

    app.put('/chats/:id/leer', { schema: { params: IdParamsSchema, response: { 200: LeerRespuestaSchema } } }, async (request) =>
      marcarChatLeido(ctx, { actor: actorDe(request), idChat: request.params.id }),
    );
  };
}

export const rutasChatPsicologo: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePsicologo);
  const idDe = (r: FastifyRequest) => psicologoDe(r).id_psicologo;

  app.get('/chats', { schema: { response: { 200: ChatsSchema } } }, async (request) =>
    listarChatsPsicologo(ctx, { idPsicologo: idDe(request) }),
  );

  app.get('/chats/buscar', { schema: { querystring: BuscarQuerySchema, response: { 200: ChatsSchema } } }, async (request) =>
    listarChatsPsicologo(ctx, { idPsicologo: idDe(request), q: request.query.q }),
  );

  app.get('/chats/pacientes-disponibles', { schema: { response: { 200: PacientesSinChatSchema } } }, async (request) =>
    listarPacientesSinChat(ctx, { idPsicologo: idDe(request) }),
  );

  app.post('/chats', { schema: { body: CrearChatSchema, response: { 201: ChatSchema } } }, async (request, reply) => {
    const r = await crearChatConPaciente(ctx, { idPsicologo: idDe(request), idPaciente: request.body.id_paciente });
    return reply.status(201).send(chatPsicologoDto(r));
  });

  app.get(
    '/chat/verificar/:id_paciente',
    { schema: { params: IdPacienteParamsSchema, response: { 200: VerificarChatSchema } } },
    async (request) => verificarChat(ctx, { idPsicologo: idDe(request), idPaciente: request.params.id_paciente }),
  );

  await app.register(rutasComunes((r) => ({ rol: 'psicologo', id: idDe(r) })));
};

export const rutasChatPaciente: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);
  const idDe = (r: FastifyRequest) => pacienteDe(r).id_paciente;

  app.get('/chats', { schema: { response: { 200: ChatsPacienteSchema } } }, async (request) =>
    listarChatsPaciente(ctx, { idPaciente: idDe(request) }),
  );

  await app.register(rutasComunes((r) => ({ rol: 'paciente', id: idDe(r) })));
};
