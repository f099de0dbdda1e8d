// Patients' accounts (the mobile app, base /api/paciente).
import { MSG_CUENTA, loginPacienteSchema } from '@miduelo/shared/cuentas';
import { LoginPacienteRespuestaSchema, MsgRespuesta, RegistroPacienteRespuestaSchema } from '@miduelo/shared/cuentas-respuestas';
import { fechaEnZona } from '@miduelo/shared/fechas';
import * as v from 'valibot';
import { AppError } from '../../errors';
import type { Rutas } from '../../plugins/valibot';
import {
  AceptarConsentimientoBody,
  DocumentosVigentesRespuesta,
  EstadoConsentimientoRespuesta,
  registroPacienteSchema,
} from '@miduelo/shared/cuentas-consentimiento';
import { RecuperarRespuestaSchema, VerificarTokenRespuestaSchema } from '@miduelo/shared/cuentas-respuestas';
import { restablecerSchema } from '@miduelo/shared/cuentas';
import {
  CambioContrasenaPacienteBody,
  ContrasenaCambiadaRespuesta,
  PerfilPacienteBody,
  PerfilPacienteRespuesta,
  RecuperarPacienteBody,
} from '@miduelo/shared/cuentas-perfil';
import { actorDe } from '../../comun/auditoria';
import { pacienteDe } from '../../plugins/auth';
import { campoDe, conLimite, cuentaDeSesion, TokenActivacion, TokenRestablecer } from './esquemas';
import { aceptarConsentimiento, estadoConsentimiento, textosVigentes } from './service-consentimiento';
import { actualizarPerfilPaciente, cambiarContrasenaPaciente, obtenerPerfilPaciente } from './service-perfil';
import { cerrarSesion } from './service';
import {
  activarPaciente,
  iniciarSesionPaciente,
  recuperarContrasenaPaciente,
  registrarPaciente,
  restablecerContrasenaPaciente,
  sesionPacienteTrasSegundoPaso,
  verificarTokenRestablecerPaciente,
} from './service-paciente';
import { rutaSegundoPaso } from './segundo-paso';
import { PendienteMfaRespuesta } from '@miduelo/shared/mfa';
import { paginaActivacion } from './pagina-activacion';

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
    async (request, reply) => reply.status(201).send(await registrarPaciente(ctx, request.body, { ip: request.ip ?? null })),
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
      schema: { body: loginPacienteSchema, response: { 200: LoginPacienteRespuestaSchema, 202: PendienteMfaRespuesta } },
      preHandler: limiteLogin.antes,
    },
    async (request, reply) => {
      try {
        const r = await iniciarSesionPaciente(ctx, request.body);
        await limiteLogin.exito(request, reply, request.body.email);
        // An account with a second step gets no session here: a pending token (decision 371).
        const pendiente = await app.segundoPaso.pendiente({ tipo: 'paciente', id: r.paciente.id_paciente });
        if (pendiente) return reply.status(202).send(pendiente);
        await app.sesionesAbiertas.registrar(request, reply, r.token);
        return r;
      } catch (err) {
        if (err instanceof AppError && err.code === 'CREDENCIALES_INVALIDAS') await limiteLogin.fallo(request, request.body.email);
        throw err;
      }
    },
  );

  rutaSegundoPaso(app, {
    tipoCuenta: 'paciente',
    respuesta: LoginPacienteRespuestaSchema,
    abrir: (id) => sesionPacienteTrasSegundoPaso(ctx, id),
  });

  // ---- Password recovery: the psychologists' rules (decision 075) ----
  app.post(
    '/recuperar-contrasena',
    {
      schema: { body: RecuperarPacienteBody, response: { 200: RecuperarRespuestaSchema } },
      preHandler: app.limitesSensibles('recuperar-paciente', campoDe('email')),
    },
    async (request) => recuperarContrasenaPaciente(ctx, request.body),
  );
  app.get(
    '/verificar-token/:token',
    { schema: { params: TokenRestablecer, response: { 200: VerificarTokenRespuestaSchema } } },
    async (request) => verificarTokenRestablecerPaciente(ctx, request.params),
  );
  app.post(
    '/restablecer-contrasena/:token',
    { schema: { params: TokenRestablecer, body: restablecerSchema, response: { 200: MsgRespuesta } } },
    async (request) => restablecerContrasenaPaciente(ctx, { token: request.params.token, nuevaContrasena: request.body.nuevaContrasena }),
  );

  // ---- The patient's own profile and password ----
  app.get('/perfil', { onRequest: app.requierePaciente, schema: { response: { 200: PerfilPacienteRespuesta } } }, async (request) =>
    obtenerPerfilPaciente(ctx, { idPaciente: pacienteDe(request).id_paciente }),
  );
  app.put('/perfil', { onRequest: app.requierePaciente, schema: { body: PerfilPacienteBody } }, async (request) =>
    actualizarPerfilPaciente(ctx, { sesion: pacienteDe(request), actor: actorDe(request), datos: request.body }),
  );
  const limiteCambio = app.limiteLogin('cambio-contrasena-paciente', cuentaDeSesion);
  app.put(
    '/cambiar-contrasena',
    {
      onRequest: app.requierePaciente,
      preHandler: limiteCambio.antes,
      schema: { body: CambioContrasenaPacienteBody, response: { 200: ContrasenaCambiadaRespuesta } },
    },
    async (request, reply) => {
      const r = await conLimite(limiteCambio, request, reply, () =>
        cambiarContrasenaPaciente(ctx, {
          sesion: pacienteDe(request),
          actor: actorDe(request),
          actual: request.body.contrasenaActual,
          nueva: request.body.nuevaContrasena,
        }),
      );
      // The new token continues this device's session in its list (decision 380).
      await app.sesionesAbiertas.registrar(request, reply, r.token, { reemplaza: pacienteDe(request).jti });
      return r;
    },
  );

  // ---- Consent (decision 146): the texts are public (registration shows them before any account) ----
  app.get('/consentimientos/vigentes', { schema: { response: { 200: DocumentosVigentesRespuesta } } }, async () => textosVigentes(ctx));
  app.get(
    '/consentimientos',
    { onRequest: app.requierePaciente, schema: { response: { 200: EstadoConsentimientoRespuesta } } },
    async (request) => estadoConsentimiento(ctx.db, pacienteDe(request).id_paciente),
  );
  app.post('/consentimientos', { onRequest: app.requierePaciente, schema: { body: AceptarConsentimientoBody } }, async (request) =>
    aceptarConsentimiento(ctx, {
      idPaciente: pacienteDe(request).id_paciente,
      tipo: request.body.tipo,
      version: request.body.version,
      actor: actorDe(request),
    }),
  );

  app.post('/cerrar-sesion', { onRequest: app.requierePaciente, schema: { response: { 200: MsgRespuesta } } }, async (request) =>
    cerrarSesion(ctx, { sesion: request.sesion! }),
  );
};

export default rutasPaciente;
