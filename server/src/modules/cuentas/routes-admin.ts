// The administrator's account routes (spec 2 §7, base /api/admin).
import { MSG_ADMIN } from '@miduelo/shared/auth';
import { idEnRuta } from '@miduelo/shared/comun';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import * as v from 'valibot';
import { psicologoDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { obtenerAdmin } from './service';
import { cambiarEstadoCuenta } from './service-admin';

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
        cambiarEstadoCuenta(ctx, { tipo, id: request.params.id, idAdmin: psicologoDe(request).id_psicologo, status: request.body.status }),
    );
  }
};

export default rutasAdmin;
