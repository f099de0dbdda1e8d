import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Db } from './db/client';
import { crearMailer, type Mailer } from './mail/mailer';
import adminChatRoutes from './modules/admin-chat/routes';
import adminCuentasRoutes from './modules/admin-cuentas/routes';
import cuentasRoutes from './modules/cuentas/routes';
import agendaRoutes from './modules/agenda/routes';
import chatRoutes from './modules/chat/routes';
import pacientesRoutes from './modules/pacientes/routes';
import authPlugin from './plugins/auth';
import clientePlugin from './plugins/cliente';
import dbPlugin from './plugins/db';
import errorsPlugin, { erroresDelMarco } from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import realtimePlugin from './plugins/realtime';
import valibotPlugin from './plugins/valibot';
import xsrfPlugin from './plugins/xsrf';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const CLIENTE_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');

export interface AppOpciones {
  config: Config;
  db: Db;
  /** `false` silences the log (tests, benchmarks); a stream receives it with the usual redaction. */
  logger?: false | { stream: NodeJS.WritableStream };
  mailer?: Mailer;
}

// Paths that carry one-time tokens: never written to the log as they are.
const RUTAS_CON_TOKEN = /(\/(activar|verificar-token|restablecer-contrasena)\/)[^/?]+/;

export async function buildApp(o: AppOpciones): Promise<FastifyInstance> {
  const { config } = o;
  const app = Fastify({
    logger:
      o.logger === false
        ? false
        : ({
        ...(o.logger ? { stream: o.logger.stream } : {}),
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.replace(RUTAS_CON_TOKEN, '$1[oculto]') }),
        },
      } as object),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    forceCloseConnections: 'idle',
    frameworkErrors: erroresDelMarco,
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false }) : null;
  const mailer = o.mailer ?? crearMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });

  app.decorate('mailer', mailer);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.production,
  });
  await app.register(valibotPlugin);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db: o.db });
  await app.register(xsrfPlugin, { secure: config.publicUrl.startsWith('https://') });
  await app.register(rateLimitPlugin, { limites: config.limites, redis });
  await app.register(authPlugin, { config });
  await app.register(realtimePlugin, { redis });

  app.get('/api/salud', async () => ({ ok: true }));
  await app.register(cuentasRoutes, { config, mailer });
  await app.register(adminCuentasRoutes);
  await app.register(agendaRoutes, { config });
  await app.register(pacientesRoutes, { config });
  await app.register(chatRoutes, { config });
  await app.register(adminChatRoutes, { config });

  await app.register(clientePlugin, { clientDir: config.clientDir ?? CLIENTE_DIST, dataDir: config.dataDir, zonaClinica: config.zonaClinica });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  return app;
}
