// The administrator's account routes (spec 2 §7, base /api/admin): the panel's check, enabling and
// disabling accounts, and the administrator's own profile, password and email.
import { MSG_ADMIN } from '@miduelo/shared/cuentas';
import { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import { idEnRuta } from '@miduelo/shared/comun';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import {
  CambioContrasenaAdminBody,
  ConfirmarCambioCorreoBody,
  ContrasenaCambiadaRespuesta,
  PerfilActualizadoRespuesta,
  PerfilAdminBody,
  SolicitarCambioCorreoBody,
} from '@miduelo/shared/cuentas-perfil';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { campoDe, conLimite, cuentaDeSesion } from './esquemas';
import { obtenerAdmin } from './service';
import { cambiarEstadoCuenta } from './service-admin';
import {
  actualizarPerfilPsicologo,
  cambiarContrasenaPsicologoPropia,
  confirmarCambioCorreo,
  solicitarCambioCorreo,
} from './service-perfil';

const IdParams = v.object({ id: idEnRuta(MSG_ADMIN.idInvalido) });
const StatusBody = v.object({ status: v.picklist(['activo', 'inactivo'], MSG_ADMIN.estadoInvalido) }, MSG_GENERICO.cuerpoInvalido);
const EstadoRespuesta = v.object({ msg: v.string(), status: v.string() });
const AdminRespuesta = v.object({ admin: v.object({ nombre: v.string(), apellido: v.string() }) });

const rutasAdmin: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereAdmin);

  app.get('/verificar', { schema: { response: { 200: AdminRespuesta } } }, async (request) =>
    obtenerAdmin(ctx, { idAdmin: psicologoDe(request).id_psicologo }),
  );

  for (const tipo of ['psicologo', 'paciente'] as const) {
    app.put(
      `/${tipo}s/:id/status`,
      { schema: { params: IdParams, body: StatusBody, response: { 200: EstadoRespuesta } } },
      async (request) =>
        cambiarEstadoCuenta(ctx, {
          tipo,
          id: request.params.id,
          idAdmin: psicologoDe(request).id_psicologo,
          status: request.body.status,
          actor: actorDe(request),
        }),
    );
  }

  // ---- The administrator's own account ----
  app.put('/perfil', { schema: { body: PerfilAdminBody, response: { 200: PerfilActualizadoRespuesta } } }, async (request) =>
    actualizarPerfilPsicologo(ctx, { sesion: psicologoDe(request), actor: actorDe(request), datos: request.body }),
  );
  const limiteCambio = app.limiteLogin('cambio-contrasena-admin', cuentaDeSesion);
  app.put(
    '/cambiar-contrasena',
    { preHandler: limiteCambio.antes, schema: { body: CambioContrasenaAdminBody, response: { 200: ContrasenaCambiadaRespuesta } } },
    async (request, reply) =>
      conLimite(limiteCambio, request, reply, () =>
        cambiarContrasenaPsicologoPropia(ctx, {
          sesion: psicologoDe(request),
          actor: actorDe(request),
          actual: request.body.contrasena_actual,
          nueva: request.body.nueva_contrasena,
        }),
      ),
  );
  app.post(
    '/solicitar-cambio-correo',
    {
      schema: { body: SolicitarCambioCorreoBody, response: { 200: MsgRespuesta } },
      preHandler: app.limitesSensibles('cambio-correo', campoDe('nuevo_correo')),
    },
    async (request) =>
      solicitarCambioCorreo(ctx, {
        idAdmin: psicologoDe(request).id_psicologo,
        actor: actorDe(request),
        nuevoCorreo: request.body.nuevo_correo,
      }),
  );
  app.post('/confirmar-cambio-correo', { schema: { body: ConfirmarCambioCorreoBody, response: { 200: MsgRespuesta } } }, async (request) =>
    confirmarCambioCorreo(ctx, { sesion: psicologoDe(request), actor: actorDe(request), token: request.body.token }),
  );
};

export default rutasAdmin;
