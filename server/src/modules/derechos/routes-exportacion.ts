// The right of access (decision 376): the patient's own export (base /api/paciente) and an
// administrator's export of one patient (base /api/admin). The guard runs before any validation;
// the limit counts per account.
import { MSG_ADMIN } from '@miduelo/shared/cuentas';
import { idEnRuta } from '@miduelo/shared/comun';
import type { FastifyReply } from 'fastify';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { pacienteDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { limiteDeExportaciones } from './exportacion-limite';
import { exportarDatos } from './exportacion-service';

const IdParams = v.object({ id: idEnRuta(MSG_ADMIN.idInvalido) });

function enviarZip(reply: FastifyReply, r: Awaited<ReturnType<typeof exportarDatos>>) {
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${r.nombre}"`)
    .header('cache-control', 'no-store')
    .send(r.flujo);
}

export const rutasExportacionPaciente: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);
  app.get('/mis-datos/exportacion', { preHandler: limiteDeExportaciones(app) }, async (request, reply) =>
    enviarZip(reply, await exportarDatos(ctx, { actor: actorDe(request), idPaciente: pacienteDe(request).id_paciente })),
  );
};

export const rutasExportacionAdmin: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requiereAdmin);
  app.get('/pacientes/:id/exportacion', { schema: { params: IdParams }, preHandler: limiteDeExportaciones(app) }, async (request, reply) =>
    enviarZip(reply, await exportarDatos(ctx, { actor: actorDe(request), idPaciente: request.params.id })),
  );
};
