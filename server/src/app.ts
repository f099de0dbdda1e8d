import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import administracion from './modules/administracion/plugin';
import actividades from './modules/actividades/plugin';
import agenda from './modules/agenda/plugin';
import chat from './modules/chat/plugin';
import cuentas from './modules/cuentas/plugin';
import derechos from './modules/derechos/plugin';
import derechosExportacion from './modules/derechos/plugin-exportacion';
import expediente from './modules/expediente/plugin';
import foros from './modules/foros/plugin';
import dispositivos from './modules/dispositivos/plugin';
import mfa from './modules/mfa/plugin';
import notificaciones from './modules/notificaciones/plugin';
import pacientes from './modules/pacientes/plugin';
import sesionesEnLinea from './modules/sesiones-en-linea/plugin';
import supervision from './modules/supervision/plugin';
import auth from './plugins/auth';
import cliente from './plugins/cliente';
import compresion from './plugins/compresion';
import contexto from './plugins/contexto';
import cors from './plugins/cors';
import db from './plugins/db';
import demo from './plugins/demo';
import errors, { erroresDelMarco } from './plugins/errors';
import mailer from './plugins/mailer';
import metricas from './plugins/metricas';
import openapi from './plugins/openapi';
import rateLimit from './plugins/rate-limit';
import realtime from './plugins/realtime';
import redis from './plugins/redis';
import salud from './plugins/salud';
import seguridad from './plugins/seguridad';
import solicitud, { idDeSolicitud } from './plugins/solicitud';
import valibot from './plugins/valibot';
import xsrf from './plugins/xsrf';
import { CLIENTE_DIST } from './rutas';

export interface AppOpciones {
  config: Config;
  db: Db;
  /** `false` silences the log (tests, benchmarks); a stream receives it with the usual redaction. */
  logger?: false | { stream: NodeJS.WritableStream };
  mailer?: Mailer;
}

// Paths that carry one-time tokens: never written to the log as they are. The API's, and the pages
// the mails link to (`/activar-cuenta/…` and `/restablecer-contrasena/…` load the client, which
// logs them at debug).
const RUTAS_CON_TOKEN = /(\/(activar|activar-cuenta|verificar-token|restablecer-contrasena)\/)[^/?]+/;

/** A URL as the log shows it: the path, one-time tokens hidden, and never the query string (chat
 * search terms and other user text travel there). */
export function urlParaRegistro(url: string): string {
  const q = url.indexOf('?');
  const ruta = (q === -1 ? url : url.slice(0, q)).replace(RUTAS_CON_TOKEN, '$1[oculto]');
  return q === -1 ? ruta : `${ruta}?[oculto]`;
}

function opcionesDeRegistro(o: AppOpciones) {
  if (o.logger === false) return false;
  return {
    ...(o.logger ? { stream: o.logger.stream } : {}),
    level: o.config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: urlParaRegistro(req.url) }),
    },
  };
}

/** The app: core infrastructure, then one plugin per module (each registers its routes under its
 * prefix, its socket handlers, its jobs and its demo seeder). */
export async function buildApp(o: AppOpciones): Promise<FastifyInstance> {
  const { config } = o;
  const app = Fastify({
    logger: opcionesDeRegistro(o),
    bodyLimit: 1024 * 1024,
    // Behind a reverse proxy (compose.yaml) request.ip, and so every per-address limit, must be the
    // client's address from X-Forwarded-For, trusting only as many hops as the operator declares.
    trustProxy: config.trustProxy > 0 ? (_direccion: string, salto: number) => salto < config.trustProxy : false,
    forceCloseConnections: 'idle',
    frameworkErrors: erroresDelMarco,
    // Fastify's two JSON lines per request made the operator's log noisy: one line, written below.
    // (The top-level disableRequestLogging is deprecated in Fastify 5.12: it warned at every start.)
    logController: new LogController({ disableRequestLogging: true }),
    // A UUID per request, or the caller's X-Request-Id when well formed (decision 388).
    genReqId: idDeSolicitud,
  });
  app.addHook('onResponse', async (request, reply) => {
    // API calls at info; the client's files (dozens per page load) only at debug.
    const nivel = request.url.startsWith('/api/') || reply.statusCode >= 500 ? 'info' : 'debug';
    request.log[nivel](
      { estado: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      `${request.method} ${urlParaRegistro(request.url)} ${reply.statusCode}`,
    );
  });

  // ---- Core infrastructure ----
  await app.register(solicitud);
  await app.register(metricas, { token: config.metricsToken, db: o.db });
  await app.register(redis, { url: config.redisUrl });
  await app.register(mailer, { config, mailer: o.mailer });
  await app.register(seguridad, { hsts: config.production, publicUrl: config.publicUrl });
  await app.register(compresion);
  await app.register(cors, { origenes: config.corsOrigins });
  await app.register(valibot);
  // Before every route: the API document collects them as they are registered (decision 383).
  await app.register(openapi, { activo: config.apiDocs, version: '1.0.0' });
  await app.register(errors);
  await app.register(db, { db: o.db });
  await app.register(xsrf, { secure: config.publicUrl.startsWith('https://') });
  await app.register(rateLimit, {
    limites: config.limites,
    prefijo: config.redisPrefix,
    secreto: config.jwtSecret,
    seguro: config.publicUrl.startsWith('https://'),
  });
  await app.register(auth, { config });
  await app.register(realtime, { config });
  await app.register(contexto, { config });
  await app.register(demo);
  await app.register(salud);

  // ---- Modules ----
  await app.register(dispositivos, { seguro: config.publicUrl.startsWith('https://') });
  await app.register(mfa);
  await app.register(cuentas);
  await app.register(agenda);
  await app.register(pacientes);
  await app.register(chat);
  await app.register(expediente);
  await app.register(administracion);
  await app.register(foros);
  await app.register(notificaciones);
  await app.register(actividades);
  await app.register(sesionesEnLinea);
  await app.register(supervision);
  await app.register(derechos);
  await app.register(derechosExportacion);

  await app.register(cliente, { clientDir: config.clientDir ?? CLIENTE_DIST, dataDir: config.dataDir, zonaClinica: config.zonaClinica });
  return app;
}
