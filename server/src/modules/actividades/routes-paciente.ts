// The patient's activity API for the mobile app (base /api/paciente): identity from the token.
import { responderCreado } from '../../comun/id-cliente';
import multipart from '@fastify/multipart';
import {
  AsignacionSchema,
  AsignacionesSchema,
  EstadoPacienteBody,
  EvidenciaSchema,
  EvidenciasSchema,
  IdAsignacionParam,
  ModulosSchema,
  MSG_ACTIVIDADES,
  OkSchema,
  VisibilidadBody,
} from '@miduelo/shared/actividades';
import { CompartirBody, EntradaBody, EntradaSchema, EntradasSchema } from '@miduelo/shared/actividades-diario';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { pacienteDe } from '../../plugins/auth';
import { limiteDeRegistros } from '../../plugins/rate-limit-registros';
import type { Rutas } from '../../plugins/valibot';
import type { AlmacenEvidencias } from './almacen';
import { enviarArchivo } from './archivo';
import { limitesMultipart } from './routes';
import { abrirEvidencia, disposicion, eliminarEvidenciaPaciente, evidenciasPaciente, subirEvidencia } from './service-evidencias';
import { borrarEntrada, compartir, miDiario, registrarEntrada } from './service-diario';
import { cambiarMiEstado, cambiarVisibilidad, iniciarActividadModulo, miActividad, misActividades, misModulos } from './service-paciente';

const PorId = IdAsignacionParam;
const Descarga = v.object({ descargar: v.optional(v.picklist(['1', 'true', '0', 'false'], MSG_ACTIVIDADES.formatoInvalido)) });

const rutasActividadesPaciente: Rutas<{ almacen: AlmacenEvidencias }> = async (app, opts) => {
  const ctx = { ...app.ctx, almacen: opts.almacen };
  app.addHook('onRequest', app.requierePaciente);
  await app.register(multipart, { limits: limitesMultipart(app.ctx.config.evidenciaMaxBytes) });
  const yo = (r: Parameters<typeof pacienteDe>[0]) => ({ idPaciente: pacienteDe(r).id_paciente, actor: actorDe(r) });

  app.get('/modulos', { schema: { response: { 200: ModulosSchema } } }, async (r) => misModulos(ctx, yo(r)));
  app.post('/modulos/actividades/:id/iniciar', { schema: { params: PorId, response: { 201: AsignacionSchema } } }, async (r, reply) => {
    reply.status(201);
    return iniciarActividadModulo(ctx, { ...yo(r), idActividad: r.params.id });
  });
  app.get('/actividades', { schema: { response: { 200: AsignacionesSchema } } }, async (r) => misActividades(ctx, yo(r)));
  app.get('/actividades/:id', { schema: { params: PorId, response: { 200: AsignacionSchema } } }, async (r) =>
    miActividad(ctx, { ...yo(r), id: r.params.id }),
  );
  app.patch('/actividades/:id', { schema: { params: PorId, body: EstadoPacienteBody, response: { 200: AsignacionSchema } } }, async (r) =>
    cambiarMiEstado(ctx, { ...yo(r), id: r.params.id, estado: r.body.estado }),
  );
  app.put(
    '/actividades/:id/visibilidad',
    { schema: { params: PorId, body: VisibilidadBody, response: { 200: AsignacionSchema } } },
    async (r) => cambiarVisibilidad(ctx, { ...yo(r), id: r.params.id, visible: r.body.visible_para_psicologo === true }),
  );
  app.get('/actividades/:id/evidencias', { schema: { params: PorId, response: { 200: EvidenciasSchema } } }, async (r) =>
    evidenciasPaciente(ctx, yo(r).idPaciente, r.params.id),
  );
  app.post(
    '/actividades/:id/evidencias',
    {
      schema: { params: PorId, response: { 200: EvidenciaSchema, 201: EvidenciaSchema } },
      preHandler: limiteDeRegistros(app, 'evidencias'),
    },
    // 201 when this call stored it; 200 with the stored one for a retry of it (decision 313).
    async (r, reply) =>
      responderCreado(
        reply,
        await subirEvidencia(ctx, { lado: 'paciente', ...yo(r) }, { idAsignacion: r.params.id, partes: () => r.parts() }),
      ),
  );
  app.delete('/evidencias/:id', { schema: { params: PorId, response: { 200: OkSchema } } }, async (r) =>
    eliminarEvidenciaPaciente(ctx, { ...yo(r), idEvidencia: r.params.id }),
  );
  app.get('/evidencias/:id/archivo', { schema: { params: PorId, querystring: Descarga } }, async (r, reply) => {
    const descargar = r.query.descargar === '1' || r.query.descargar === 'true';
    const a = await abrirEvidencia(ctx, { lado: 'paciente', ...yo(r) }, { idEvidencia: r.params.id, descargar });
    return enviarArchivo(reply, a, disposicion(a.enLinea, a.nombre));
  });

  // ---- emotion diary ----
  app.get('/diario', { schema: { response: { 200: EntradasSchema } } }, async (r) => miDiario(ctx, yo(r)));
  // 201 when this call stored the entry; 200 with the stored one for a retry of it (decision 313).
  const limiteDiario = limiteDeRegistros(app, 'diario');
  app.post(
    '/diario',
    { schema: { body: EntradaBody, response: { 200: EntradaSchema, 201: EntradaSchema } }, preHandler: limiteDiario },
    async (r, reply) => {
      return responderCreado(reply, await registrarEntrada(ctx, { ...yo(r), datos: { ...r.body, emocion: r.body.emocion as string } }));
    },
  );
  app.put('/diario/:id/compartir', { schema: { params: PorId, body: CompartirBody, response: { 200: EntradaSchema } } }, async (r) =>
    compartir(ctx, { ...yo(r), id: r.params.id, compartida: r.body.compartida === true }),
  );
  app.delete('/diario/:id', { schema: { params: PorId, response: { 200: OkSchema } } }, async (r) =>
    borrarEntrada(ctx, { ...yo(r), id: r.params.id }),
  );
};

export default rutasActividadesPaciente;
