// The Admin API of spec 2 §7 (base /api/admin): psychologists, patients, the dashboard and the audit
// log. Only administrators: everyone else gets 401/403 before any validation and nothing is written.
import { MSG_ADMIN } from '@miduelo/shared/cuentas';
import { EstadisticasSchema } from '@miduelo/shared/administracion';
import {
  AuditoriaQuery,
  AuditoriaRespuesta,
  CedulaApiRespuesta,
  EliminadoRespuesta,
  PacientesAdminRespuesta,
  PsicologoAdminSchema,
  PsicologosAdminRespuesta,
  ReasignadoRespuesta,
  ReasignarBody,
  ValidarCedulaApiBody,
  ValidarCedulaBody,
} from '@miduelo/shared/administracion-esquemas';
import { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import { idEnRuta } from '@miduelo/shared/comun';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import {
  calcularEstadisticas,
  eliminarPsicologo,
  leerAuditoria,
  listarPacientes,
  listarPsicologos,
  obtenerPsicologo,
  reasignarPaciente,
  validarCedula,
  validarCedulaApi,
  validarCedulaManual,
} from './service';

const IdParams = v.object({ id: idEnRuta(MSG_ADMIN.idInvalido) });

const rutasAdministracion: Rutas<{ alCambiar: () => void }> = async (app, opts) => {
  const { ctx } = app;
  const cambio = <T>(r: T) => {
    opts.alCambiar();
    return r;
  };
  app.addHook('onRequest', app.requiereAdmin);

  app.get('/psicologos', { schema: { response: { 200: PsicologosAdminRespuesta } } }, async () => listarPsicologos(ctx));
  app.get('/psicologos/:id', { schema: { params: IdParams, response: { 200: PsicologoAdminSchema } } }, async (request) =>
    obtenerPsicologo(ctx, request.params),
  );
  app.put(
    '/psicologos/:id/validar-cedula',
    {
      schema: { params: IdParams, body: ValidarCedulaBody, response: { 200: v.object({ msg: v.string(), cedula_validada: v.boolean() }) } },
    },
    async (request) =>
      cambio(await validarCedula(ctx, { id: request.params.id, valor: request.body.cedula_validada, actor: actorDe(request) })),
  );
  app.post(
    '/psicologos/:id/validar-cedula-api',
    { schema: { params: IdParams, body: ValidarCedulaApiBody, response: { 200: CedulaApiRespuesta } } },
    async (request) => cambio(await validarCedulaApi(ctx, { id: request.params.id, cedula: request.body.cedula, actor: actorDe(request) })),
  );
  app.put('/psicologos/:id/validar-cedula-manual', { schema: { params: IdParams, response: { 200: MsgRespuesta } } }, async (request) =>
    cambio(await validarCedulaManual(ctx, { id: request.params.id, actor: actorDe(request) })),
  );
  app.delete('/psicologos/:id', { schema: { params: IdParams, response: { 200: EliminadoRespuesta } } }, async (request) =>
    cambio(await eliminarPsicologo(ctx, { id: request.params.id, idAdmin: psicologoDe(request).id_psicologo, actor: actorDe(request) })),
  );

  app.get('/pacientes', { schema: { response: { 200: PacientesAdminRespuesta } } }, async () => listarPacientes(ctx));
  app.put(
    '/pacientes/:id/reasignar',
    { schema: { params: IdParams, body: ReasignarBody, response: { 200: ReasignadoRespuesta } } },
    async (request) =>
      cambio(
        await reasignarPaciente(ctx, {
          id: request.params.id,
          idPsicologo: request.body.id_psicologo,
          esperado: request.body.id_psicologo_actual,
          actor: actorDe(request),
        }),
      ),
  );

  app.get('/estadisticas', { schema: { response: { 200: EstadisticasSchema } } }, async () => calcularEstadisticas(ctx));
  app.get('/auditoria', { schema: { querystring: AuditoriaQuery, response: { 200: AuditoriaRespuesta } } }, async (request) =>
    leerAuditoria(ctx, request.query),
  );
};

export default rutasAdministracion;
