// Administrator chat API (spec 2 §7 Admin chat, base /api/admin). The socket events of these
// conversations (`chat-admin:*`) are registered with the rest of the chat's, in chat/socket.ts.
import { BuscarQuerySchema, CrearChatAdminSchema, EnviarMensajeAdminSchema, IdParamsSchema, MensajesQuerySchema } from '@miduelo/shared/chat';
import { ChatAdminSchema, ChatsAdminSchema, LeerRespuestaSchema, MensajeAdminSchema, MensajesAdminSchema, UsuariosDisponiblesSchema } from '@miduelo/shared/chat-respuestas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import type { Config } from '../../config';
import { psicologoDe } from '../../plugins/auth';
import { chatAdminDto, mensajeAdminDto } from '../chat/dto';
import { limiteDeEnvio } from '../chat/limite';
import { type Actor, listarChats } from '../chat/repo';
import { type CtxChat, enviarMensaje, marcarChatLeido, mensajesDeChat } from '../chat/service';
import { crearChatAdmin, usuariosDisponibles } from './service';

type Id = v.InferOutput<typeof IdParamsSchema>;

const comoAdmin = (r: FastifyRequest): Actor => ({ rol: 'admin', id: psicologoDe(r).id_psicologo });

export default async function adminChatRoutes(app: FastifyInstance, opts: { config: Config }) {
  const ctx: CtxChat = { db: app.db, realtime: app.realtime, now: opts.config.now, log: app.log };
  const adm = { preHandler: app.requiereAdmin };

  app.get('/api/admin/chats', { ...adm, schema: { response: { 200: ChatsAdminSchema } } }, async (request) =>
    (await listarChats(ctx.db, comoAdmin(request))).map(chatAdminDto),
  );

  app.get(
    '/api/admin/chats/buscar',
    { ...adm, schema: { querystring: BuscarQuerySchema, response: { 200: ChatsAdminSchema } } },
    async (request) => {
      const { q } = request.query as v.InferOutput<typeof BuscarQuerySchema>;
      return (await listarChats(ctx.db, comoAdmin(request), { q })).map(chatAdminDto);
    },
  );

  app.get(
    '/api/admin/chats/:id/mensajes',
    { ...adm, schema: { params: IdParamsSchema, querystring: MensajesQuerySchema, response: { 200: MensajesAdminSchema } } },
    async (request) => {
      const q = request.query as v.InferOutput<typeof MensajesQuerySchema>;
      const r = await mensajesDeChat(ctx, {
        actor: comoAdmin(request),
        idChat: (request.params as Id).id,
        despuesDe: q.despues_de,
        antesDe: q.antes_de,
        limite: q.limite,
      });
      return r.mensajes.map(mensajeAdminDto);
    },
  );

  app.post(
    '/api/admin/chats',
    { ...adm, schema: { body: CrearChatAdminSchema, response: { 201: ChatAdminSchema } } },
    async (request, reply) => {
      const b = request.body as v.InferOutput<typeof CrearChatAdminSchema>;
      const r = await crearChatAdmin(ctx, { idAdmin: psicologoDe(request).id_psicologo, tipo: b.destinatario_tipo, idDestinatario: b.destinatario_id });
      return reply.status(201).send(chatAdminDto(r));
    },
  );

  app.post(
    '/api/admin/mensajes',
    {
      preHandler: [app.requiereAdmin, limiteDeEnvio(app).http],
      schema: { body: EnviarMensajeAdminSchema, response: { 200: MensajeAdminSchema, 201: MensajeAdminSchema } },
    },
    async (request, reply) => {
      const b = request.body as v.InferOutput<typeof EnviarMensajeAdminSchema>;
      const r = await enviarMensaje(ctx, { actor: comoAdmin(request), idChat: b.id_chat_admin, contenido: b.contenido, idCliente: b.id_cliente });
      return reply.status(r.nuevo ? 201 : 200).send(mensajeAdminDto(r.mensaje));
    },
  );

  app.put(
    '/api/admin/chats/:id/leer',
    { ...adm, schema: { params: IdParamsSchema, response: { 200: LeerRespuestaSchema } } },
    async (request) => marcarChatLeido(ctx, { actor: comoAdmin(request), idChat: (request.params as Id).id }),
  );

  const usuarios = { ...adm, schema: { response: { 200: UsuariosDisponiblesSchema } } };
  app.get('/api/admin/usuarios-disponibles', usuarios, async (request) =>
    usuariosDisponibles(ctx, { idAdmin: psicologoDe(request).id_psicologo }),
  );
  app.get('/api/admin/usuarios-disponibles/psicologos', usuarios, async (request) =>
    usuariosDisponibles(ctx, { idAdmin: psicologoDe(request).id_psicologo, tipo: 'psicologo' }),
  );
  app.get('/api/admin/usuarios-disponibles/pacientes', usuarios, async (request) =>
    usuariosDisponibles(ctx, { idAdmin: psicologoDe(request).id_psicologo, tipo: 'paciente' }),
  );
}
