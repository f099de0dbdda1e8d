// The opposition switches of the patient's app (decision 377), base /api/paciente.
import { OposicionCuerpoSchema, OposicionRespuestaSchema } from '@miduelo/shared/derechos-oposicion';
import { actorDe } from '../../comun/auditoria';
import { pacienteDe } from '../../plugins/auth';
import type { Rutas } from '../../plugins/valibot';
import { cambiarOposicion, leerOposicion } from './oposicion';

const rutasOposicion: Rutas = async (app) => {
  const { ctx } = app;
  app.addHook('onRequest', app.requierePaciente);
  app.get('/mis-datos/oposicion', { schema: { response: { 200: OposicionRespuestaSchema } } }, async (request) =>
    leerOposicion(ctx, pacienteDe(request).id_paciente),
  );
  app.put(
    '/mis-datos/oposicion',
    { schema: { body: OposicionCuerpoSchema, response: { 200: OposicionRespuestaSchema } } },
    async (request) =>
      cambiarOposicion(ctx, { actor: actorDe(request), idPaciente: pacienteDe(request).id_paciente, oposicion: request.body }),
  );
};

export default rutasOposicion;
