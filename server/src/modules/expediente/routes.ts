// Clinical record API of psychologists (spec 1 §7 Tests and Notes, base /api/psicologo). Handlers
// read the session and call the service; the guard runs before any validation.
import { responderCreado } from '../../comun/id-cliente';
import {
  AplicacionesSchema,
  AplicacionSchema,
  AplicarTestSchema,
  CrearNotaSchema,
  EditarNotaSchema,
  EvolucionesSchema,
  GraficasQuery,
  IdParams,
  IdTestParams,
  NotaEliminadaSchema,
  NotaSchema,
  NotasQuery,
  NotasSchema,
  nombreArchivoPdf,
  RespuestasSchema,
  ResultadoAplicacionSchema,
  TestDetalleSchema,
  TestsSchema,
} from '@miduelo/shared/expediente';
import { fechaEnZona } from '@miduelo/shared/fechas';
import type { FastifyRequest } from 'fastify';
import { actorDe } from '../../comun/auditoria';
import { psicologoDe } from '../../plugins/auth';
import { limiteDeRegistros } from '../../plugins/rate-limit-registros';
import type { Rutas } from '../../plugins/valibot';
import type { HilosPdf } from './pdf-hilos';
import * as s from './service';
import * as n from './service-notas';

const rutasExpediente: Rutas<{ pdf: HilosPdf }> = async (app, opts) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePsicologo);
  const quien = (r: FastifyRequest) => ({ actor: actorDe(r), idPsicologo: psicologoDe(r).id_psicologo });

  // ---- Tests ----
  app.get('/tests', { schema: { response: { 200: TestsSchema } } }, async () => s.listarTests(ctx));

  app.get('/tests/:id_test', { schema: { params: IdTestParams, response: { 200: TestDetalleSchema } } }, async (request) =>
    s.obtenerTest(ctx, { idTest: request.params.id_test }),
  );

  // Decision 313: 201 when this call stored it, 200 when its client id was already stored (a retry).
  app.post(
    '/tests/aplicar',
    {
      schema: { body: AplicarTestSchema, response: { 200: AplicacionSchema, 201: AplicacionSchema } },
      preHandler: limiteDeRegistros(app, 'aplicar-test'),
    },
    async (request, reply) => {
      const r = await s.aplicarTest(ctx, { ...quien(request), datos: request.body });
      return responderCreado(reply, r);
    },
  );

  app.get('/pacientes/:id/tests', { schema: { params: IdParams, response: { 200: AplicacionesSchema } } }, async (request) =>
    s.aplicacionesDePaciente(ctx, { ...quien(request), idPaciente: request.params.id }),
  );

  app.get(
    '/pacientes/:id/tests/graficas',
    { schema: { params: IdParams, querystring: GraficasQuery, response: { 200: EvolucionesSchema } } },
    async (request) => s.evolucionDePaciente(ctx, { ...quien(request), idPaciente: request.params.id, idTest: request.query.id_test }),
  );

  app.get('/tests/aplicaciones/:id/respuestas', { schema: { params: IdParams, response: { 200: RespuestasSchema } } }, async (request) =>
    s.respuestasDeAplicacion(ctx, { ...quien(request), idAplicacion: request.params.id }),
  );

  app.get(
    '/tests/aplicaciones/:id/resultado',
    { schema: { params: IdParams, response: { 200: ResultadoAplicacionSchema } } },
    async (request) => s.resultadoDeAplicacion(ctx, { ...quien(request), idAplicacion: request.params.id }),
  );

  // Spec 1 §7: a binary file saved under a name built from the test name and the date.
  app.get('/tests/aplicaciones/:id/pdf', { schema: { params: IdParams } }, async (request, reply) => {
    const datos = await s.datosDelPdf(ctx, { ...quien(request), idAplicacion: request.params.id });
    const pdf = await opts.pdf.hacer(datos, ctx.config.zonaClinica);
    const nombre = nombreArchivoPdf(datos.aplicacion.test.nombre, fechaEnZona(new Date(datos.aplicacion.fecha), ctx.config.zonaClinica));
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${nombre}"`).send(pdf);
  });

  app.get('/tests/aplicaciones/:id/notas', { schema: { params: IdParams, response: { 200: NotasSchema } } }, async (request) =>
    n.notasDeAplicacion(ctx, { ...quien(request), idAplicacion: request.params.id }),
  );

  // ---- Notes ----
  app.get(
    '/pacientes/:id/notas',
    { schema: { params: IdParams, querystring: NotasQuery, response: { 200: NotasSchema } } },
    async (request) => n.listarNotas(ctx, { ...quien(request), idPaciente: request.params.id, q: request.query.q }),
  );

  app.get('/notas/:id', { schema: { params: IdParams, response: { 200: NotaSchema } } }, async (request) =>
    n.obtenerNota(ctx, { ...quien(request), idNota: request.params.id }),
  );

  // Decision 313: 201 when this call stored it, 200 when its client id was already stored (a retry).
  const limiteNotas = limiteDeRegistros(app, 'notas');
  app.post(
    '/notas',
    { schema: { body: CrearNotaSchema, response: { 200: NotaSchema, 201: NotaSchema } }, preHandler: limiteNotas },
    async (request, reply) => {
      const r = await n.crearNota(ctx, { ...quien(request), datos: request.body });
      return responderCreado(reply, r);
    },
  );

  app.put('/notas/:id', { schema: { params: IdParams, body: EditarNotaSchema, response: { 200: NotaSchema } } }, async (request) =>
    n.editarNota(ctx, { ...quien(request), idNota: request.params.id, datos: request.body }),
  );

  app.delete('/notas/:id', { schema: { params: IdParams, response: { 200: NotaEliminadaSchema } } }, async (request) =>
    n.eliminarNota(ctx, { ...quien(request), idNota: request.params.id }),
  );
};

export default rutasExpediente;
