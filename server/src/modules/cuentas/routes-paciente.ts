// Patients' accounts (the mobile app, base /api/paciente).
import { MSG_CUENTA, loginPacienteSchema, registroPacienteSchema } from '@miduelo/shared/auth';
import { LoginPacienteRespuestaSchema, MsgRespuesta, RegistroPacienteRespuestaSchema } from '@miduelo/shared/auth-respuestas';
import { fechaEnZona } from '@miduelo/shared/fechas';
import * as v from 'valibot';
import { AppError } from '../../errors';
import type { Rutas } from '../../plugins/valibot';
import { campoDe, TokenActivacion } from './esquemas';
import { cerrarSesion } from './service';
import { activarPaciente, iniciarSesionPaciente, registrarPaciente } from './service-paciente';
import { paginaActivacion } from './vista';

const rutasPaciente: Rutas = async (app) => {
  const { ctx } = app;
  const hoy = () => fechaEnZona(ctx.now(), ctx.config.zonaClinica);
  // Only failed passwords count, per account and address (decision 074).
  const limiteLogin = app.limiteLogin('login-paciente', campoDe('email'));

  app.post(
    '/registro',
    {
      schema: { body: v.lazy(() => registroPacienteSchema(hoy())), response: { 201: RegistroPacienteRespuestaSchema } },
      preHandler: app.limitesSensibles('registro-paciente', campoDe('email')),
    },
    async (request, reply) => reply.status(201).send(await registrarPaciente(ctx, request.body)),
  );

  app.get('/activar/:token', { schema: { params: TokenActivacion } }, async (request, reply) => {
    const r = await activarPaciente(ctx, request.params).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    // The link is opened from an email on a phone: answer a readable page to a browser.
    if ((request.headers.accept ?? '').includes('text/html')) {
      // Only our own Spanish messages reach the page; anything else (a failed query carries its
      // SQL and values) is logged by the error handler and answered with the generic text.
      if (r instanceof Error && !(r instanceof AppError)) throw r;
      return reply
        .status(r instanceof AppError ? r.status : 200)
        .type('text/html; charset=utf-8')
        .send(
          r instanceof AppError
            ? paginaActivacion(r.message)
            : paginaActivacion(MSG_CUENTA.paginaActivacionExito, { href: '/app/entrar', texto: 'Iniciar sesión en MiDuelo' }),
        );
    }
    if (r instanceof Error) throw r;
    return r;
  });

  app.post(
    '/iniciar-sesion',
    {
      schema: { body: loginPacienteSchema, response: { 200: LoginPacienteRespuestaSchema } },
      preHandler: limiteLogin.antes,
    },
    async (request, reply) => {
      try {
        const r = await iniciarSesionPaciente(ctx, request.body);
        await limiteLogin.exito(request, reply, request.body.email);
        return r;
      } catch (err) {
        if (err instanceof AppError && err.code === 'CREDENCIALES_INVALIDAS') await limiteLogin.fallo(request, request.body.email);
        throw err;
      }
    },
  );

  app.post('/cerrar-sesion', { onRequest: app.requierePaciente, schema: { response: { 200: MsgRespuesta } } }, async (request) =>
    cerrarSesion(ctx, { sesion: request.sesion! }),
  );
};

export default rutasPaciente;
