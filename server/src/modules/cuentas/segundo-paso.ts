// The login's second step (decision 371), the same for psychologists (administrators too) and
// patients: the password step's pending token and a code are exchanged for the login's answer.
import { SegundoPasoBody } from '@miduelo/shared/mfa';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { intentoContado } from '../../comun/intento-contado';
import { rutasLlaveLogin } from './routes-llave-login';
import type { ValibotTypeProvider } from '../../plugins/valibot';

export function rutaSegundoPaso(
  app: FastifyInstance,
  o: { tipoCuenta: 'psicologo' | 'paciente'; respuesta: v.GenericSchema; abrir: (id: number) => Promise<{ token: string }> },
) {
  // Wrong codes count like wrong passwords: per account (the one the pending token names) and
  // address, and a known device is never locked out by strangers' failures (decision 074).
  const limite = app.limiteLogin(`segundo-paso-${o.tipoCuenta}`, app.segundoPaso.cuentaDe);
  app
    .withTypeProvider<ValibotTypeProvider>()
    .post(
      '/iniciar-sesion/segundo-paso',
      { schema: { body: SegundoPasoBody, response: { 200: o.respuesta } }, preHandler: limite.antes },
      async (request, reply) => {
        const clave = app.segundoPaso.cuentaDe(request) ?? '';
        const { cuenta } = await intentoContado(limite, { request, reply, clave, fallos: ['CODIGO_MFA_INVALIDO'] }, () =>
          app.segundoPaso.canjear({
            tokenMfa: request.body.token_mfa,
            tipoCuenta: o.tipoCuenta,
            codigo: request.body.codigo,
            tipo: request.body.tipo,
            ip: request.ip ?? null,
          }),
        );
        const r = await o.abrir(cuenta.id);
        await app.sesionesAbiertas.registrar(request, reply, r.token);
        return r;
      },
    );
  // The same login with a passkey, instead of the password or as this second step (decision 375).
  rutasLlaveLogin(app, o);
}
