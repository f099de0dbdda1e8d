import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Cifrador, crearCifrador } from '../comun/cifrado';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { Metricas } from './metricas';
import type { Realtime } from './realtime';
import { registroDeSolicitud } from './solicitud';

/** What every service receives: built once per app, never per request. */
export interface Ctx {
  db: Db;
  config: Config;
  realtime: Realtime;
  mailer: Mailer;
  /** The log of the request being served (with its reqId, decision 388), the app's outside one. */
  log: FastifyBaseLogger;
  /** What the operator's dashboard counts (decision 386). */
  metricas: Metricas;
  sesiones: FastifyInstance['sesiones'];
  /** At-rest encryption of health text with the configured keys (decision 070). */
  cifrador: Cifrador;
  /** The app's clock (injectable in tests): `config.now`. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
}

export default fp(
  async function contextoPlugin(app: FastifyInstance, opts: { config: Config }) {
    app.decorate('ctx', {
      db: app.db,
      config: opts.config,
      realtime: app.realtime,
      mailer: app.mailer,
      log: registroDeSolicitud(app.log),
      metricas: app.metricas,
      sesiones: app.sesiones,
      cifrador: crearCifrador(opts.config.llaves),
      now: opts.config.now,
    });
  },
  { name: 'contexto', dependencies: ['db', 'auth', 'realtime', 'mailer', 'metricas', 'solicitud'] },
);
