// The psychologist's activity API (spec 2 §7, base /api/psicologo). Errors carry `mensaje` beside
// `msg` (the original client reads it). Guards run on onRequest: authentication before validation.
import { responderCreado } from '../../comun/id-cliente';
import multipart from '@fastify/multipart';
import {
  ActualizarAsignacionBody,
  AsignacionSchema,
  AsignacionesSchema,
  AsignarBody,
  AsignarRespuestaSchema,
  BuscarQuery,
  CatalogoQuery,
  EstadisticasSchema,
  EvidenciaSchema,
  EvidenciasSchema,
  HistorialSchema,
  IdAsignacionParam,
  ModuloSchema,
  ModulosSchema,
  MSG_ACTIVIDADES,
  OkSchema,
  PatchAsignacionBody,
  PlantillaBody,
  PlantillaSchema,
  PlantillasSchema,
} from '@miduelo/shared/actividades';
import { idEnRuta } from '@miduelo/shared/comun';
import { EntradasSchema, MesQuery } from '@miduelo/shared/actividades-diario';
import * as v from 'valibot';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import { limiteDeRegistros } from '../../plugins/rate-limit-registros';
import type { Rutas } from '../../plugins/valibot';
import type { AlmacenEvidencias } from './almacen';
import {
  actualizarAsignacionCompleta,
  asignar,
  cambiarAsignacion,
  eliminarAsignacion,
  estadisticas,
  listarAsignaciones,
  listarEvidencias,
  recordar,
  revisar,
} from './service';
import {
  actualizarPlantilla,
  buscarPlantillas,
  crearPlantilla,
  eliminarPlantilla,
  historialModulos,
  listarModulos,
  listarPlantillas,
  obtenerModulo,
  obtenerPlantilla,
} from './service-plantillas';
import { diarioCompartido } from './service-diario';
import { abrirEvidencia, disposicion, subirEvidencia } from './service-evidencias';
import { enviarArchivo } from './archivo';

const id = idEnRuta(MSG_ACTIVIDADES.idInvalido);
const PorId = IdAsignacionParam;
const PorModulo = v.object({ idPaciente: id, idModulo: id });
const Descarga = v.object({ descargar: v.optional(v.picklist(['1', 'true', '0', 'false'], MSG_ACTIVIDADES.formatoInvalido)) });

export const limitesMultipart = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 8 * 1024,
  headerPairs: 100,
});

const rutasActividades: Rutas<{ almacen: AlmacenEvidencias }> = async (app, opts) => {
  const ctx = { ...app.ctx, almacen: opts.almacen };
  app.addHook('onRequest', app.requierePsicologo);
  await app.register(multipart, { limits: limitesMultipart(app.ctx.config.evidenciaMaxBytes) });
  const yo = (r: Parameters<typeof psicologoDe>[0]) => ({ idPsicologo: psicologoDe(r).id_psicologo, actor: actorDe(r) });

  // ---- modules ----
  app.get('/pacientes/:id/modulos', { schema: { params: PorId, response: { 200: ModulosSchema } } }, async (r) =>
    listarModulos(ctx, { ...yo(r), idPaciente: r.params.id }),
  );
  app.get('/pacientes/:id/modulos/historial', { schema: { params: PorId, response: { 200: HistorialSchema } } }, async (r) =>
    historialModulos(ctx, { ...yo(r), idPaciente: r.params.id }),
  );
  app.get('/pacientes/:idPaciente/modulos/:idModulo', { schema: { params: PorModulo, response: { 200: ModuloSchema } } }, async (r) =>
    obtenerModulo(ctx, { ...yo(r), idPaciente: r.params.idPaciente, idModulo: r.params.idModulo }),
  );

  // ---- templates ----
  app.get('/actividades', { schema: { querystring: CatalogoQuery, response: { 200: PlantillasSchema } } }, async (r) =>
    listarPlantillas(ctx, { ...yo(r), psicologo: r.query.psicologo }),
  );
  app.get('/actividades/buscar', { schema: { querystring: BuscarQuery, response: { 200: PlantillasSchema } } }, async (r) =>
    buscarPlantillas(ctx, { ...yo(r), q: r.query.q }),
  );
  app.get('/actividades/:id', { schema: { params: PorId, response: { 200: PlantillaSchema } } }, async (r) =>
    obtenerPlantilla(ctx, { ...yo(r), idActividad: r.params.id }),
  );
  app.post('/actividades', { schema: { body: PlantillaBody, response: { 201: PlantillaSchema } } }, async (r, reply) => {
    reply.status(201);
    return crearPlantilla(ctx, { ...yo(r), datos: r.body });
  });
  app.put('/actividades/:id', { schema: { params: PorId, body: PlantillaBody, response: { 200: PlantillaSchema } } }, async (r) =>
    actualizarPlantilla(ctx, { ...yo(r), idActividad: r.params.id, datos: r.body }),
  );
  app.delete('/actividades/:id', { schema: { params: PorId, response: { 200: OkSchema } } }, async (r) =>
    eliminarPlantilla(ctx, { ...yo(r), idActividad: r.params.id }),
  );

  // ---- assignments ----
  app.get('/paciente/:id/actividades', { schema: { params: PorId, response: { 200: AsignacionesSchema } } }, async (r) =>
    listarAsignaciones(ctx, { ...yo(r), idPaciente: r.params.id }),
  );
  app.get('/paciente/:id/actividades/estadisticas', { schema: { params: PorId, response: { 200: EstadisticasSchema } } }, async (r) =>
    estadisticas(ctx, { ...yo(r), idPaciente: r.params.id }),
  );
  // 201 when this call assigned; 200 with the same assignments for a retry of it (decision 313).
  app.post(
    '/actividades/asignar',
    { schema: { body: AsignarBody, response: { 200: AsignarRespuestaSchema, 201: AsignarRespuestaSchema } } },
    async (r, reply) => responderCreado(reply, await asignar(ctx, { ...yo(r), datos: r.body })),
  );
  app.put(
    '/actividades/asignadas/:id',
    { schema: { params: PorId, body: ActualizarAsignacionBody, response: { 200: AsignacionSchema } } },
    async (r) => actualizarAsignacionCompleta(ctx, { ...yo(r), id: r.params.id, datos: r.body }),
  );
  app.patch(
    '/actividades/asignadas/:id',
    { schema: { params: PorId, body: PatchAsignacionBody, response: { 200: AsignacionSchema } } },
    async (r) => cambiarAsignacion(ctx, { ...yo(r), id: r.params.id, datos: r.body }),
  );
  app.delete('/actividades/asignadas/:id', { schema: { params: PorId, response: { 200: OkSchema } } }, async (r) =>
    eliminarAsignacion(ctx, { ...yo(r), id: r.params.id }),
  );
  app.put('/actividades/asignadas/:id/revisar', { schema: { params: PorId, response: { 200: AsignacionSchema } } }, async (r) =>
    revisar(ctx, { ...yo(r), id: r.params.id }),
  );
  app.post('/actividades/asignadas/:id/recordatorio', { schema: { params: PorId, response: { 200: OkSchema } } }, async (r) =>
    recordar(ctx, { ...yo(r), id: r.params.id }),
  );

  // ---- evidence ----
  app.get('/actividades/asignadas/:id/evidencias', { schema: { params: PorId, response: { 200: EvidenciasSchema } } }, async (r) =>
    listarEvidencias(ctx, { ...yo(r), id: r.params.id }),
  );
  app.post(
    '/actividades/asignadas/:id/evidencia',
    {
      schema: { params: PorId, response: { 200: EvidenciaSchema, 201: EvidenciaSchema } },
      preHandler: limiteDeRegistros(app, 'evidencias'),
    },
    // 201 when this call stored it; 200 with the stored one for a retry of it (decision 313).
    async (r, reply) =>
      responderCreado(
        reply,
        await subirEvidencia(ctx, { lado: 'psicologo', ...yo(r) }, { idAsignacion: r.params.id, partes: () => r.parts() }),
      ),
  );
  app.get('/evidencias/:id/archivo', { schema: { params: PorId, querystring: Descarga } }, async (r, reply) => {
    const descargar = r.query.descargar === '1' || r.query.descargar === 'true';
    const a = await abrirEvidencia(ctx, { lado: 'psicologo', ...yo(r) }, { idEvidencia: r.params.id, descargar });
    return enviarArchivo(reply, a, disposicion(a.enLinea, a.nombre));
  });

  // ---- emotion diary: only the entries the patient shared ----
  app.get('/pacientes/:id/diario', { schema: { params: PorId, querystring: MesQuery, response: { 200: EntradasSchema } } }, async (r) =>
    diarioCompartido(ctx, { ...yo(r), idPaciente: r.params.id, mes: r.query.mes }),
  );
};

export default rutasActividades;
