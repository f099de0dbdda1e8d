// Psychologists' accounts (spec 1 §7, base /api/psicologo). Handlers validate, call the service, answer.
import {
  loginSchema,
  recuperarSchema,
  reenviarActivacionSchema,
  registroPsicologoSchema,
  restablecerSchema,
} from '@miduelo/shared/cuentas';
import {
  LoginRespuestaSchema,
  MsgRespuesta,
  RecuperarRespuestaSchema,
  RegistroRespuestaSchema,
  VerificarTokenRespuestaSchema,
} from '@miduelo/shared/cuentas-respuestas';
import { fechaEnZona } from '@miduelo/shared/fechas';
import * as v from 'valibot';
import { AppError } from '../../errors';
import type { Rutas } from '../../plugins/valibot';
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import { idEnRuta } from '@miduelo/shared/comun';
import { EstadoConsentimientoRespuesta } from '@miduelo/shared/cuentas-consentimiento';
import {
  CambioContrasenaBody,
  ContrasenaCambiadaRespuesta,
  PerfilActualizadoRespuesta,
  PerfilPsicologoBody,
  PerfilRespuesta,
} from '@miduelo/shared/cuentas-perfil';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import { campoDe, conLimite, cuentaDeSesion, TokenActivacion, TokenRestablecer } from './esquemas';
import { consentimientoDePaciente } from './service-consentimiento';
import { actualizarPerfilPsicologo, cambiarContrasenaPsicologoPropia, obtenerPerfil } from './service-perfil';
import {
  activarPsicologo,
  cerrarSesion,
  iniciarSesionPsicologo,
  recuperarContrasena,
  reenviarActivacion,
  registrarPsicologo,
  restablecerContrasena,
  sesionPsicologoTrasSegundoPaso,
  verificarTokenRestablecer,
} from './service';
import { rutasInscripcionObligatoria } from './inscripcion-obligatoria';
import { rutaSegundoPaso } from './segundo-paso';
import { PendienteMfaRespuesta } from '@miduelo/shared/mfa';

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
      schema: { body: loginSchema, response: { 200: LoginRespuestaSchema, 202: PendienteMfaRespuesta } },
      preHandler: limiteLogin.antes,
    },
    async (request, reply) => {
      try {
        const r = await iniciarSesionPsicologo(ctx, request.body);
        await limiteLogin.exito(request, reply, request.body.correo);
        // An account with a second step gets no session here: a pending token (decision 371).
        const pendiente = await app.segundoPaso.pendiente({ tipo: 'psicologo', id: r.usuario.id_psicologo });
        if (pendiente) return reply.status(202).send(pendiente);
        await app.sesionesAbiertas.registrar(request, reply, r.token);
        return r;
      } catch (err) {
        if (err instanceof AppError && err.code === 'CREDENCIALES_INVALIDAS') await limiteLogin.fallo(request, request.body.correo);
        throw err;
      }
    },
  );

  rutaSegundoPaso(app, {
    tipoCuenta: 'psicologo',
    respuesta: LoginRespuestaSchema,
    abrir: (id) => sesionPsicologoTrasSegundoPaso(ctx, id),
  });
  rutasInscripcionObligatoria(app, { respuesta: LoginRespuestaSchema, abrir: (id) => sesionPsicologoTrasSegundoPaso(ctx, id) });

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

  // ---- Own profile and password (spec 2 §7); administrators use the same profile read ----
  app.get('/perfil', { onRequest: app.requierePsicologo, schema: { response: { 200: PerfilRespuesta } } }, async (request) =>
    obtenerPerfil(ctx, { idPsicologo: psicologoDe(request).id_psicologo }),
  );
  app.put(
    '/actualizar-perfil',
    { onRequest: app.requierePsicologo, schema: { body: PerfilPsicologoBody, response: { 200: PerfilActualizadoRespuesta } } },
    async (request) => actualizarPerfilPsicologo(ctx, { sesion: psicologoDe(request), actor: actorDe(request), datos: request.body }),
  );
  // Wrong current passwords count like failed logins, per account and address (decision 074).
  const limiteCambio = app.limiteLogin('cambio-contrasena', cuentaDeSesion);
  app.put(
    '/cambiar-contrasena',
    {
      onRequest: app.requierePsicologo,
      preHandler: limiteCambio.antes,
      schema: { body: CambioContrasenaBody, response: { 200: ContrasenaCambiadaRespuesta } },
    },
    async (request, reply) => {
      const r = await conLimite(limiteCambio, request, reply, () =>
        cambiarContrasenaPsicologoPropia(ctx, {
          sesion: psicologoDe(request),
          actor: actorDe(request),
          actual: request.body.contrasenaActual,
          nueva: request.body.nuevaContrasena,
        }),
      );
      // The new token continues this device's session in its list (decision 380).
      await app.sesionesAbiertas.registrar(request, reply, r.token, { reemplaza: psicologoDe(request).jti });
      return r;
    },
  );

  // Spec 2 §7: an administrator registers another administrator (activated by the emailed link).
  app.post(
    '/registro-admin',
    { onRequest: app.requiereAdmin, schema: { body: v.lazy(() => registroPsicologoSchema(hoy())), response: { 201: MsgRespuesta } } },
    async (request, reply) => {
      await registrarPsicologo(ctx, request.body, { admin: true, actor: actorDe(request) });
      return reply.status(201).send({ msg: MSG_ADMINISTRACION.adminRegistrado });
    },
  );

  // The consent state shown in the patient file (decision 146).
  app.get(
    '/pacientes/:id/consentimiento',
    {
      onRequest: app.requierePsicologo,
      schema: { params: v.object({ id: idEnRuta('Identificador no válido') }), response: { 200: EstadoConsentimientoRespuesta } },
    },
    async (request) => consentimientoDePaciente(ctx, { idPsicologo: psicologoDe(request).id_psicologo, idPaciente: request.params.id }),
  );

  app.post('/cerrar-sesion', { onRequest: app.requierePsicologo, schema: { response: { 200: MsgRespuesta } } }, async (request) =>
    cerrarSesion(ctx, { sesion: request.sesion! }),
  );
};

export default rutasPsicologo;
