// Psychologists' accounts (spec 1 §7, base /api/psicologo). Handlers validate, call the service, answer.
import { loginSchema, recuperarSchema, reenviarActivacionSchema, registroPsicologoSchema, restablecerSchema } from '@miduelo/shared/auth';
import {
  LoginRespuestaSchema,
  MsgRespuesta,
  RecuperarRespuestaSchema,
  RegistroRespuestaSchema,
  VerificarTokenRespuestaSchema,
} from '@miduelo/shared/auth-respuestas';
import { fechaEnZona } from '@miduelo/shared/fechas';
import * as v from 'valibot';
import { AppError } from '../../errors';
import type { Rutas } from '../../plugins/valibot';
import { campoDe, TokenActivacion, TokenRestablecer } from './esquemas';
import {
  activarPsicologo,
  cerrarSesion,
  iniciarSesionPsicologo,
  recuperarContrasena,
  reenviarActivacion,
  registrarPsicologo,
  restablecerContrasena,
  verificarTokenRestablecer,
} from './service';

const rutasPsicologo: Rutas = async (app) => {
  const { ctx } = app;
  const hoy = () => fechaEnZona(ctx.now(), ctx.config.zonaClinica);
  // Only failed passwords count, per account and address (decision 074).
  const limiteLogin = app.limiteLogin('login', campoDe('correo'));

  app.post(
    '/registro',
    {
      // The age limits depend on "today" in the clinic's zone: the schema is built per request.
      schema: { body: v.lazy(() => registroPsicologoSchema(hoy())), response: { 201: RegistroRespuestaSchema } },
      preHandler: app.limitesSensibles('registro', campoDe('correo')),
    },
    async (request, reply) => {
      // The same answer whether or not the email already has an account (decision 075).
      return reply.status(201).send(await registrarPsicologo(ctx, request.body));
    },
  );

  app.post(
    '/iniciar-sesion',
    {
      schema: { body: loginSchema, response: { 200: LoginRespuestaSchema } },
      preHandler: limiteLogin.antes,
    },
    async (request, reply) => {
      try {
        const r = await iniciarSesionPsicologo(ctx, request.body);
        await limiteLogin.exito(request, reply, request.body.correo);
        return r;
      } catch (err) {
        if (err instanceof AppError && err.code === 'CREDENCIALES_INVALIDAS') await limiteLogin.fallo(request, request.body.correo);
        throw err;
      }
    },
  );

  app.get('/activar/:token', { schema: { params: TokenActivacion, response: { 200: MsgRespuesta } } }, async (request) =>
    activarPsicologo(ctx, request.params),
  );

  app.post(
    '/reenviar-activacion',
    {
      schema: { body: reenviarActivacionSchema, response: { 200: MsgRespuesta } },
      preHandler: app.limitesSensibles('reenvio', campoDe('correo')),
    },
    async (request) => reenviarActivacion(ctx, request.body),
  );

  app.post(
    '/recuperar-contrasena',
    {
      schema: { body: recuperarSchema, response: { 200: RecuperarRespuestaSchema } },
      preHandler: app.limitesSensibles('recuperar', campoDe('correoOTelefono')),
    },
    async (request) => recuperarContrasena(ctx, request.body),
  );

  app.get(
    '/verificar-token/:token',
    { schema: { params: TokenRestablecer, response: { 200: VerificarTokenRespuestaSchema } } },
    async (request) => verificarTokenRestablecer(ctx, request.params),
  );

  app.post(
    '/restablecer-contrasena/:token',
    { schema: { params: TokenRestablecer, body: restablecerSchema, response: { 200: MsgRespuesta } } },
    async (request) => restablecerContrasena(ctx, { token: request.params.token, nuevaContrasena: request.body.nuevaContrasena }),
  );

  app.post('/cerrar-sesion', { onRequest: app.requierePsicologo, schema: { response: { 200: MsgRespuesta } } }, async (request) =>
    cerrarSesion(ctx, { sesion: request.sesion! }),
  );
};

export default rutasPsicologo;
