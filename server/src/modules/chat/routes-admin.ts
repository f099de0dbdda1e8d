// Administrator chat API (spec 2 §7 Admin chat, base /api/admin). Its socket events (`chat-admin:*`)
// are registered with the rest of the chat's, in socket.ts.
import {
  BuscarQuerySchema,
  CrearChatAdminSchema,
  EnviarMensajeAdminSchema,
  IdParamsSchema,
  MensajesQuerySchema,
} from '@miduelo/shared/chat';
import {
  ChatAdminSchema,
  ChatsAdminSchema,
  LeerRespuestaSchema,
  MensajeAdminSchema,
  MensajesAdminSchema,
  UsuariosDisponiblesSchema,
} from '@miduelo/shared/chat-respuestas';
import type { FastifyRequest } from 'fastify';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { chatAdminDto, mensajeAdminDto } from './dto';
import { limiteDeEnvio } from './limite';
import type { Actor } from './repo';
import { enviarMensaje, listarChatsAdmin, marcarChatLeido, mensajesDeChat } from './service';
import { crearChatAdmin, usuariosDisponibles } from './service-admin';

const idAdminDe = (r: FastifyRequest) => psicologoDe(r).id_psicologo;
const comoAdmin = (r: FastifyRequest): Actor => ({ rol: 'admin', id: idAdminDe(r) });

const rutasChatAdmin: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereAdmin);

  app.get('/chats', { schema: { response: { 200: ChatsAdminSchema } } }, async (request) =>
    listarChatsAdmin(ctx, { idAdmin: idAdminDe(request) }),
  );

  app.get('/chats/buscar', { schema: { querystring: BuscarQuerySchema, response: { 200: ChatsAdminSchema } } }, async (request) =>
    listarChatsAdmin(ctx, { idAdmin: idAdminDe(request), q: request.query.q }),
  );

  app.get(
    '/chats/:id/mensajes',
    { schema: { params: IdParamsSchema, querystring: MensajesQuerySchema, response: { 200: MensajesAdminSchema } } },
    async (request) => {
      const q = request.query;
      const r = await mensajesDeChat(ctx, {
        actor: comoAdmin(request),
        idChat: request.params.id,
        despuesDe: q.despues_de,
        antesDe: q.antes_de,
        limite: q.limite,
      });
      return r.mensajes.map(mensajeAdminDto);
    },
  );

  app.post('/chats', { schema: { body: CrearChatAdminSchema, response: { 201: ChatAdminSchema } } }, async (request, reply) => {
    const b = request.body;
    const r = await crearChatAdmin(ctx, { idAdmin: idAdminDe(request), tipo: b.destinatario_tipo, idDestinatario: b.destinatario_id });
    return reply.status(201).send(chatAdminDto(r));
  });

  app.post(
    '/mensajes',
    {
      preHandler: limiteDeEnvio(app).http,
      schema: { body: EnviarMensajeAdminSchema, response: { 200: MensajeAdminSchema, 201: MensajeAdminSchema } },
    },
    async (request, reply) => {
      const b = request.body;
      const r = await enviarMensaje(ctx, {
        actor: comoAdmin(request),
        idChat: b.id_chat_admin,
        contenido: b.contenido,
        idCliente: b.id_cliente,
      });
      return reply.status(r.nuevo ? 201 : 200).send(mensajeAdminDto(r.mensaje));
    },
  );

  app.put('/chats/:id/leer', { schema: { params: IdParamsSchema, response: { 200: LeerRespuestaSchema } } }, async (request) =>
    marcarChatLeido(ctx, { actor: comoAdmin(request), idChat: request.params.id }),
  );

  const usuarios = { schema: { response: { 200: UsuariosDisponiblesSchema } } };
  app.get('/usuarios-disponibles', usuarios, async (request) => usuariosDisponibles(ctx, { idAdmin: idAdminDe(request) }));
  app.get('/usuarios-disponibles/psicologos', usuarios, async (request) =>
    usuariosDisponibles(ctx, { idAdmin: idAdminDe(request), tipo: 'psicologo' }),
  );
  app.get('/usuarios-disponibles/pacientes', usuarios, async (request) =>
    usuariosDisponibles(ctx, { idAdmin: idAdminDe(request), tipo: 'paciente' }),
  );
};

export default rutasChatAdmin;
