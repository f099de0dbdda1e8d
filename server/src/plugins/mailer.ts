import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { conConteo, crearMailer, type Mailer } from '../mail/mailer';
import { registroDeSolicitud } from './solicitud';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** The outgoing mail of the app: the one given (tests capture it) or SMTP / the outbox folder. */
export default fp(
  async function mailerPlugin(app: FastifyInstance, opts: { config: Config; mailer?: Mailer }) {
    const { config } = opts;
    const mailer =
      opts.mailer ??
      crearMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: registroDeSolicitud(app.log) });
    app.decorate('mailer', conConteo(mailer, app.metricas.correo));
  },
  { name: 'mailer', dependencies: ['metricas', 'solicitud'] },
);
