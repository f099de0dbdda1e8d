// Web Push subscriptions and preferences of the patient's app (base /api/paciente).
import { MsgRespuesta } from '@miduelo/shared/cuentas-respuestas';
import {
  BajaPushSchema,
  CambioPreferenciasPushSchema,
  ClavePushSchema,
  PreferenciasPushSchema,
  SuscripcionPushSchema,
} from '@miduelo/shared/notificaciones';
import { pacienteDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { limiteDeSuscripciones } from './limite';
import { cambiarPreferencias, clavePublica, darDeBaja, leerPreferencias, suscribir } from './service';

const rutasPush: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);

  app.get('/push/clave', { schema: { response: { 200: ClavePushSchema } } }, async () => clavePublica(ctx));

  app.post(
    '/push/suscripciones',
    { preHandler: limiteDeSuscripciones(app), schema: { body: SuscripcionPushSchema, response: { 201: MsgRespuesta } } },
    async (request, reply) =>
      reply.status(201).send(await suscribir(ctx, { idPaciente: pacienteDe(request).id_paciente, suscripcion: request.body })),
  );

  app.delete('/push/suscripciones', { schema: { body: BajaPushSchema, response: { 200: MsgRespuesta } } }, async (request) =>
    darDeBaja(ctx, { idPaciente: pacienteDe(request).id_paciente, endpoint: request.body.endpoint }),
  );

  app.get('/push/preferencias', { schema: { response: { 200: PreferenciasPushSchema } } }, async (request) =>
    leerPreferencias(ctx, pacienteDe(request).id_paciente),
  );

  app.put(
    '/push/preferencias',
    { schema: { body: CambioPreferenciasPushSchema, response: { 200: PreferenciasPushSchema } } },
    async (request) => cambiarPreferencias(ctx, { idPaciente: pacienteDe(request).id_paciente, preferencias: request.body }),
  );
};

export default rutasPush;
