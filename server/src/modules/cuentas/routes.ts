import {
  MSG,
  loginPacienteSchema,
  loginSchema,
  recuperarSchema,
  reenviarActivacionSchema,
  registroPacienteSchema,
  registroPsicologoSchema,
  restablecerSchema,
} from '@miduelo/shared/auth';
import {
  LoginPacienteRespuestaSchema,
  LoginRespuestaSchema,
  MsgRespuesta,
  RecuperarRespuestaSchema,
  RegistroPacienteRespuestaSchema,
  RegistroRespuestaSchema,
  VerificarTokenRespuestaSchema,
} from '@miduelo/shared/auth-respuestas';
import { fechaEnZona } from '@miduelo/shared/fechas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { Config } from '../../config';
import { AppError, badRequest } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import {
  activarPsicologo,
  cerrarSesion,
  type Ctx,
  iniciarSesionPsicologo,
  recuperarContrasena,
  reenviarActivacion,
  registrarPsicologo,
  restablecerContrasena,
  verificarTokenRestablecer,
} from './service';
import { activarPaciente, iniciarSesionPaciente, registrarPaciente } from './service-paciente';

/** A malformed link gets the same Spanish answer as an unknown token. */
const tokenParams = (invalido: string) =>
  v.object({ token: v.pipe(v.string(invalido), v.minLength(10, invalido), v.maxLength(200, invalido)) });
const TokenActivacion = tokenParams(MSG.tokenActivacionInvalido);
const TokenRestablecer = tokenParams(MSG.tokenRestablecerInvalido);

/** Validation depends on "today" in the clinic's zone, so the schema is built per request. */
function validarCon<T extends v.GenericSchema>(crear: (hoy: string) => T, config: Config) {
  return async (request: FastifyRequest) => {
    const r = v.safeParse(crear(fechaEnZona(config.now(), config.zonaClinica)), request.body ?? {});
    if (!r.success) {
      const errores: Record<string, string> = {};
      for (const i of r.issues) {
        const campo = i.path?.map((p) => String(p.key)).join('.') ?? '_';
        errores[campo] ??= i.message;
      }
      throw badRequest(r.issues[0].message, 'VALIDACION', { errores });
    }
    request.body = r.output;
  };
}

const cuerpo = (r: FastifyRequest) => r.body as Record<string, string>;

export default async function cuentasRoutes(app: FastifyInstance, opts: { config: Config; mailer: Mailer }) {
  const ctx: Ctx = { db: app.db, config: opts.config, mailer: opts.mailer, realtime: app.realtime, log: app.log, sesiones: app.sesiones };

  // ---- Psychologists (/api/psicologo) ----
  app.post(
    '/api/psicologo/registro',
    {
      preValidation: validarCon(registroPsicologoSchema, opts.config),
      preHandler: app.limitesSensibles('registro', (r) => cuerpo(r).correo),
      schema: { response: { 201: RegistroRespuestaSchema } },
    },
    async (request, reply) => {
      const body = request.body as v.InferOutput<ReturnType<typeof registroPsicologoSchema>>;
      const creado = await registrarPsicologo(ctx, body);
      return reply.status(201).send({ msg: MSG.registroExitoso, id_psicologo: creado.id_psicologo, codigo_vinculacion: creado.codigo_vinculacion });
    },
  );

  app.post(
    '/api/psicologo/iniciar-sesion',
    {
      schema: { body: loginSchema, response: { 200: LoginRespuestaSchema } },
      preHandler: app.limitesSensibles('login', (r) => cuerpo(r).correo),
    },
    async (request) => iniciarSesionPsicologo(ctx, request.body as v.InferOutput<typeof loginSchema>),
  );

  app.get('/api/psicologo/activar/:token', { schema: { params: TokenActivacion, response: { 200: MsgRespuesta } } }, async (request) =>
    activarPsicologo(ctx, (request.params as { token: string }).token),
  );

  app.post(
    '/api/psicologo/reenviar-activacion',
    {
      schema: { body: reenviarActivacionSchema, response: { 200: MsgRespuesta } },
      preHandler: app.limitesSensibles('reenvio', (r) => cuerpo(r).correo),
    },
    async (request) => reenviarActivacion(ctx, cuerpo(request).correo),
  );

  app.post(
    '/api/psicologo/recuperar-contrasena',
    {
      schema: { body: recuperarSchema, response: { 200: RecuperarRespuestaSchema } },
      preHandler: app.limitesSensibles('recuperar', (r) => cuerpo(r).correoOTelefono),
    },
    async (request) => recuperarContrasena(ctx, cuerpo(request).correoOTelefono),
  );

  app.get(
    '/api/psicologo/verificar-token/:token',
    { schema: { params: TokenRestablecer, response: { 200: VerificarTokenRespuestaSchema } } },
    async (request) => verificarTokenRestablecer(ctx, (request.params as { token: string }).token),
  );

  app.post(
    '/api/psicologo/restablecer-contrasena/:token',
    { schema: { params: TokenRestablecer, body: restablecerSchema, response: { 200: MsgRespuesta } } },
    async (request) => restablecerContrasena(ctx, (request.params as { token: string }).token, cuerpo(request).nuevaContrasena),
  );

  app.post(
    '/api/psicologo/cerrar-sesion',
    { preHandler: app.requierePsicologo, schema: { response: { 200: MsgRespuesta } } },
    async (request) => cerrarSesion(ctx, request.sesion!),
  );

  // ---- Patients (/api/paciente, the mobile app) ----
  app.post(
    '/api/paciente/registro',
    {
      preValidation: validarCon(registroPacienteSchema, opts.config),
      preHandler: app.limitesSensibles('registro-paciente', (r) => cuerpo(r).email),
      schema: { response: { 201: RegistroPacienteRespuestaSchema } },
    },
    async (request, reply) => {
      const r = await registrarPaciente(ctx, request.body as v.InferOutput<ReturnType<typeof registroPacienteSchema>>);
      return reply.status(201).send(r);
    },
  );

  app.get('/api/paciente/activar/:token', { schema: { params: TokenActivacion } }, async (request, reply) => {
    const r = await activarPaciente(ctx, (request.params as { token: string }).token).catch((err) => err as Error);
    const acepta = request.headers.accept ?? '';
    // The link is opened from an email on a phone: answer a readable page to a browser.
    if (acepta.includes('text/html')) {
      const ok = !(r instanceof Error);
      // Only our own Spanish messages reach the page; anything else (a failed query carries its
      // SQL and values) is logged by the error handler and answered with the generic text.
      if (!ok && !(r instanceof AppError)) throw r;
      const texto = ok ? 'Tu cuenta fue activada. Ya puedes iniciar sesión en la app MiDuelo.' : r.message;
      return reply
        .status(ok ? 200 : r.status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="es"><meta name="viewport" content="width=device-width,initial-scale=1"><title>MiDuelo</title><body style="font-family:sans-serif;background:#f7f3ee;display:grid;place-items:center;min-height:90vh"><main style="background:#fff;padding:32px;border-radius:12px;max-width:420px;text-align:center"><h1 style="color:#5b6f5c">MiDuelo</h1><p>${texto}</p></main></body></html>`,
        );
    }
    if (r instanceof Error) throw r;
    return r;
  });

  app.post(
    '/api/paciente/iniciar-sesion',
    {
      schema: { body: loginPacienteSchema, response: { 200: LoginPacienteRespuestaSchema } },
      preHandler: app.limitesSensibles('login-paciente', (r) => cuerpo(r).email),
    },
    async (request) => iniciarSesionPaciente(ctx, request.body as v.InferOutput<typeof loginPacienteSchema>),
  );

  app.post(
    '/api/paciente/cerrar-sesion',
    { preHandler: app.requierePaciente, schema: { response: { 200: MsgRespuesta } } },
    async (request) => cerrarSesion(ctx, request.sesion!),
  );
}
