// Chat API of psychologists (spec 1 §7, base /api/psicologo) and of patients (the mobile app,
// base /api/paciente). Handlers only read the session and call the service.
import { BuscarQuerySchema, CrearChatSchema, EnviarMensajeSchema, IdPacienteParamsSchema, IdParamsSchema, MensajesQuerySchema } from '@miduelo/shared/chat';
import { ChatSchema, ChatsPacienteSchema, ChatsSchema, LeerRespuestaSchema, MensajeSchema, MensajesSchema, PacientesSinChatSchema, VerificarChatSchema } from '@miduelo/shared/chat-respuestas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Config } from '../../config';
import { pacienteDe, psicologoDe } from '../../plugins/auth';
import { chatPacienteDto, chatPsicologoDto, mensajeDto } from './dto';
import { limiteDeEnvio } from './limite';
import { type Actor, listarChats, pacientesSinChat } from './repo';
import { crearChatConPaciente, type CtxChat, enviarMensaje, marcarChatLeido, mensajesDeChat, verificarChat } from './service';
import { registrarSocketsChat } from './socket';

type Id = v.InferOutput<typeof IdParamsSchema>;
type Query = v.InferOutput<typeof MensajesQuerySchema>;
type Envio = v.InferOutput<typeof EnviarMensajeSchema>;

const comoPsicologo = (r: FastifyRequest): Actor => ({ rol: 'psicologo', id: psicologoDe(r).id_psicologo });
const comoPaciente = (r: FastifyRequest): Actor => ({ rol: 'paciente', id: pacienteDe(r).id_paciente });

export default async function chatRoutes(app: FastifyInstance, opts: { config: Config }) {
  const ctx: CtxChat = { db: app.db, realtime: app.realtime, now: opts.config.now, log: app.log };
  const limite = limiteDeEnvio(app).http;
  registrarSocketsChat(app, ctx, limiteDeEnvio(app));

  // Shared by both sides: the actor decides which conversations are visible.
  const mensajes = (actor: (r: FastifyRequest) => Actor) => async (request: FastifyRequest) => {
    const { id } = request.params as Id;
    const q = request.query as Query;
    const r = await mensajesDeChat(ctx, { actor: actor(request), idChat: id, despuesDe: q.despues_de, antesDe: q.antes_de, limite: q.limite });
    return r.mensajes.map(mensajeDto);
  };
  const enviar = (actor: (r: FastifyRequest) => Actor) => async (request: FastifyRequest, reply: FastifyReply) => {
    const b = request.body as Envio;
    const r = await enviarMensaje(ctx, { actor: actor(request), idChat: b.id_chat, contenido: b.contenido, idCliente: b.id_cliente });
    return reply.status(r.nuevo ? 201 : 200).send(mensajeDto(r.mensaje));
  };
  const leer = (actor: (r: FastifyRequest) => Actor) => async (request: FastifyRequest) =>
    marcarChatLeido(ctx, { actor: actor(request), idChat: (request.params as Id).id });

  // ---- Psychologist ----
  const psi = { preHandler: app.requierePsicologo };

  app.get('/api/psicologo/chats', { ...psi, schema: { response: { 200: ChatsSchema } } }, async (request) =>
    (await listarChats(ctx.db, comoPsicologo(request))).map(chatPsicologoDto),
  );

  app.get(
    '/api/psicologo/chats/buscar',
    { ...psi, schema: { querystring: BuscarQuerySchema, response: { 200: ChatsSchema } } },
    async (request) => {
      const { q } = request.query as v.InferOutput<typeof BuscarQuerySchema>;
      return (await listarChats(ctx.db, comoPsicologo(request), { q })).map(chatPsicologoDto);
    },
  );

  app.get('/api/psicologo/chats/pacientes-disponibles', { ...psi, schema: { response: { 200: PacientesSinChatSchema } } }, async (request) =>
    pacientesSinChat(ctx.db, psicologoDe(request).id_psicologo),
  );

  app.get(
    '/api/psicologo/chats/:id/mensajes',
    { ...psi, schema: { params: IdParamsSchema, querystring: MensajesQuerySchema, response: { 200: MensajesSchema } } },
    mensajes(comoPsicologo),
  );

  app.post('/api/psicologo/chats', { ...psi, schema: { body: CrearChatSchema, response: { 201: ChatSchema } } }, async (request, reply) => {
    const { id_paciente } = request.body as v.InferOutput<typeof CrearChatSchema>;
    const r = await crearChatConPaciente(ctx, { idPsicologo: psicologoDe(request).id_psicologo, idPaciente: id_paciente });
    return reply.status(201).send(chatPsicologoDto(r));
  });

  app.post(
    '/api/psicologo/mensajes',
    { preHandler: [app.requierePsicologo, limite], schema: { body: EnviarMensajeSchema, response: { 200: MensajeSchema, 201: MensajeSchema } } },
    enviar(comoPsicologo),
  );

  app.put(
    '/api/psicologo/chats/:id/leer',
    { ...psi, schema: { params: IdParamsSchema, response: { 200: LeerRespuestaSchema } } },
    leer(comoPsicologo),
  );

  app.get(
    '/api/psicologo/chat/verificar/:id_paciente',
    { ...psi, schema: { params: IdPacienteParamsSchema, response: { 200: VerificarChatSchema } } },
    async (request) =>
      verificarChat(ctx, {
        idPsicologo: psicologoDe(request).id_psicologo,
        idPaciente: (request.params as v.InferOutput<typeof IdPacienteParamsSchema>).id_paciente,
      }),
  );

  // ---- Patient (mobile app) ----
  const pac = { preHandler: app.requierePaciente };

  app.get('/api/paciente/chats', { ...pac, schema: { response: { 200: ChatsPacienteSchema } } }, async (request) =>
    (await listarChats(ctx.db, comoPaciente(request))).map(chatPacienteDto),
  );

  app.get(
    '/api/paciente/chats/:id/mensajes',
    { ...pac, schema: { params: IdParamsSchema, querystring: MensajesQuerySchema, response: { 200: MensajesSchema } } },
    mensajes(comoPaciente),
  );

  app.post(
    '/api/paciente/mensajes',
    { preHandler: [app.requierePaciente, limite], schema: { body: EnviarMensajeSchema, response: { 200: MensajeSchema, 201: MensajeSchema } } },
    enviar(comoPaciente),
  );

  app.put(
    '/api/paciente/chats/:id/leer',
    { ...pac, schema: { params: IdParamsSchema, response: { 200: LeerRespuestaSchema } } },
    leer(comoPaciente),
  );
}
