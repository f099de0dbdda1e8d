// Required two-step verification at login (decision 382): an account that must have a second step
// and has none enrols right after its password, with the password step's pending token, and the
// confirmation opens the session with its recovery codes. Psychologists (administrators) only.
import { InscripcionTotpRespuesta } from '@miduelo/shared/mfa';
import { ConfirmarInscripcionObligatoriaBody, IniciarInscripcionObligatoriaBody } from '@miduelo/shared/mfa-obligatoria';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { intentoContado } from '../../comun/intento-contado';
import type { ValibotTypeProvider } from '../../plugins/valibot';

export function rutasInscripcionObligatoria(
  app: FastifyInstance,
  o: { respuesta: v.ObjectSchema<v.ObjectEntries, undefined>; abrir: (id: number) => Promise<{ token: string }> },
) {
  // Wrong codes count like wrong passwords, per account (the one the token names) and address.
  const limite = app.limiteLogin('inscripcion-obligatoria', app.segundoPaso.cuentaDe);
  const rutas = app.withTypeProvider<ValibotTypeProvider>();
  rutas.post(
    '/iniciar-sesion/inscripcion',
    { schema: { body: IniciarInscripcionObligatoriaBody, response: { 200: InscripcionTotpRespuesta } }, preHandler: limite.antes },
    async (request) => app.segundoPaso.iniciarInscripcion({ tokenMfa: request.body.token_mfa, tipoCuenta: 'psicologo' }),
  );
  const respuesta = v.object({ ...o.respuesta.entries, codigos: v.array(v.string()) });
  rutas.post(
    '/iniciar-sesion/inscripcion/confirmar',
    { schema: { body: ConfirmarInscripcionObligatoriaBody, response: { 200: respuesta } }, preHandler: limite.antes },
    async (request, reply) => {
      const clave = app.segundoPaso.cuentaDe(request) ?? '';
      const { cuenta, codigos } = await intentoContado(limite, { request, reply, clave, fallos: ['CODIGO_MFA_INVALIDO'] }, () =>
        app.segundoPaso.confirmarInscripcion({
          tokenMfa: request.body.token_mfa,
          tipoCuenta: 'psicologo',
          codigo: request.body.codigo,
          ip: request.ip ?? null,
        }),
      );
      const r = await o.abrir(cuenta.id);
      // Listed among her devices like any login's session (decision 380).
      await app.sesionesAbiertas.registrar(request, reply, r.token);
      return { ...r, codigos };
    },
  );
}
