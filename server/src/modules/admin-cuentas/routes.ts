import { MSG_GENERICO } from '@miduelo/shared/errores';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { psicologo } from '../../db/schema/cuentas';
import { psicologoDe } from '../../plugins/auth';
import { cambiarEstadoCuenta } from './service';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Identificador no válido'), v.transform(Number)) });
const StatusBody = v.object({
  status: v.picklist(['activo', 'inactivo'], 'El estado debe ser activo o inactivo'),
}, MSG_GENERICO.cuerpoInvalido);
const EstadoRespuesta = v.object({ msg: v.string(), status: v.string() });

export default async function adminCuentasRoutes(app: FastifyInstance) {
  app.addHook('preHandler', app.requiereAdmin);

  app.get('/api/admin/verificar', {
    schema: { response: { 200: v.object({ admin: v.object({ nombre: v.string(), apellido: v.string() }) }) } },
  }, async (request) => {
    const s = psicologoDe(request);
    const [p] = await app.db.select().from(psicologo).where(eq(psicologo.id_psicologo, s.id_psicologo));
    return { admin: { nombre: p.nombre, apellido: p.apellidoPaterno } };
  });

  app.put('/api/admin/psicologos/:id/status', { schema: { params: IdParams, body: StatusBody, response: { 200: EstadoRespuesta } } }, async (request) => {
    const { id } = request.params as { id: number };
    const { status } = request.body as v.InferOutput<typeof StatusBody>;
    return cambiarEstadoCuenta(app, { tipo: 'psicologo', id, idAdmin: psicologoDe(request).id_psicologo }, status);
  });

  app.put('/api/admin/pacientes/:id/status', { schema: { params: IdParams, body: StatusBody, response: { 200: EstadoRespuesta } } }, async (request) => {
    const { id } = request.params as { id: number };
    const { status } = request.body as v.InferOutput<typeof StatusBody>;
    return cambiarEstadoCuenta(app, { tipo: 'paciente', id, idAdmin: psicologoDe(request).id_psicologo }, status);
  });
}
