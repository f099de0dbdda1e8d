// What an operator watches (issue 57, decisions 386–387): Prometheus metrics at `/metrics`, behind
// METRICS_TOKEN. One registry per app, never prom-client's global one: several apps live in one
// test process. Without the token nothing is collected and `/metrics` answers 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import { MSG_GENERICO } from '@miduelo/shared/errores';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { enviarError } from './errors';
import { observarBaseDeDatos } from './metricas-bd';

export type RolSocket = 'psicologo' | 'admin' | 'paciente';
export type ViaEnvio = 'rest' | 'socket';

/** What the app's parts report. Calls are cheap and never throw; a no-op without METRICS_TOKEN. */
export interface Metricas {
  socketAbierto(rol: RolSocket): void;
  socketCerrado(rol: RolSocket): void;
  eventoEmitido(evento: string): void;
  /** A chat send, from its arrival (request or socket event) to its commit. */
  envioChat(via: ViaEnvio, segundos: number): void;
  correo(resultado: 'ok' | 'error'): void;
  /** `caducada`: the push service says the subscription is gone (404/410); it is removed. */
  push(resultado: 'ok' | 'caducada' | 'error'): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metricas: Metricas;
  }
}

const NADA: Metricas = {
  socketAbierto() {},
  socketCerrado() {},
  eventoEmitido() {},
  envioChat() {},
  correo() {},
  push() {},
};

/** Operator-facing (Prometheus shows it when a scrape fails), never a patient's screen. */
const MSG_NO_AUTORIZADO = 'Falta el token de métricas o no es válido';

/** Seconds: from a cached read (a few ms) to a slow PDF export. */
const CUBETAS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CUBETAS_BD = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const huella = (s: string) => createHash('sha256').update(s).digest();

/** `Authorization: Bearer <token>` compared in constant time (digests of equal length). */
export function tokenValido(cabecera: string | undefined, esperado: Buffer): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(cabecera ?? '');
  return m !== null && timingSafeEqual(huella(m[1]), esperado);
}

function crearMetricas(registro: Registry) {
  const http = new Histogram({
    name: 'miduelo_http_request_duration_seconds',
    help: 'Duración de las peticiones HTTP por patrón de ruta (nunca la URL con ids), método y estado',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: CUBETAS_HTTP,
    registers: [registro],
  });
  const sockets = new Gauge({
    name: 'miduelo_sockets_open',
    help: 'Sockets autenticados abiertos en este nodo, por rol',
    labelNames: ['role'] as const,
    registers: [registro],
  });
  for (const rol of ['psicologo', 'admin', 'paciente']) sockets.set({ role: rol }, 0);
  const eventos = new Counter({
    name: 'miduelo_socket_events_emitted_total',
    help: 'Eventos de tiempo real publicados por este nodo, por nombre',
    labelNames: ['event'] as const,
    registers: [registro],
  });
  const chat = new Histogram({
    name: 'miduelo_chat_send_commit_seconds',
    help: 'Envío de chat: de su llegada (REST o socket) a su commit en la base de datos',
    labelNames: ['via'] as const,
    buckets: CUBETAS_BD,
    registers: [registro],
  });
  const correos = new Counter({
    name: 'miduelo_mail_sends_total',
    help: 'Correos enviados, por resultado',
    labelNames: ['result'] as const,
    registers: [registro],
  });
  const push = new Counter({
    name: 'miduelo_push_sends_total',
    help: 'Notificaciones push enviadas, por resultado',
    labelNames: ['result'] as const,
    registers: [registro],
  });
  for (const r of ['ok', 'error']) correos.inc({ result: r }, 0);
  for (const r of ['ok', 'caducada', 'error']) push.inc({ result: r }, 0);
  const metricas: Metricas = {
    socketAbierto: (rol) => sockets.inc({ role: rol }),
    socketCerrado: (rol) => sockets.dec({ role: rol }),
    eventoEmitido: (evento) => eventos.inc({ event: evento }),
    envioChat: (via, segundos) => chat.observe({ via }, segundos),
    correo: (resultado) => correos.inc({ result: resultado }),
    push: (resultado) => push.inc({ result: resultado }),
  };
  return { metricas, http };
}

function metricasDeBd(registro: Registry, db: unknown) {
  const duracion = new Histogram({
    name: 'miduelo_db_operation_duration_seconds',
    help: 'Sentencias fuera de transacción (query) y transacciones enteras (transaction), de su inicio a su fin',
    labelNames: ['operation'] as const,
    buckets: CUBETAS_BD,
    registers: [registro],
  });
  const errores = new Counter({
    name: 'miduelo_db_operation_errors_total',
    help: 'Sentencias y transacciones que terminaron en error',
    labelNames: ['operation'] as const,
    registers: [registro],
  });
  const enCurso = new Gauge({
    name: 'miduelo_db_operations_in_flight',
    help: 'Sentencias y transacciones en curso: cada una ocupa una conexión del pool (o espera una)',
    labelNames: ['operation'] as const,
    registers: [registro],
  });
  const nombre = { consulta: 'query', transaccion: 'transaction' } as const;
  for (const op of Object.values(nombre)) {
    enCurso.set({ operation: op }, 0);
    errores.inc({ operation: op }, 0);
  }
  const observacion = observarBaseDeDatos(db, {
    inicio: (tipo) => enCurso.inc({ operation: nombre[tipo] }),
    fin: (tipo, segundos, error) => {
      enCurso.dec({ operation: nombre[tipo] });
      duracion.observe({ operation: nombre[tipo] }, segundos);
      if (error) errores.inc({ operation: nombre[tipo] });
    },
  });
  new Gauge({
    name: 'miduelo_db_connections_max',
    help: 'Conexiones que el pool puede abrir (postgres.js: max; PGlite: 1)',
    labelNames: ['engine'] as const,
    registers: [registro],
  }).set({ engine: observacion.motor }, observacion.max);
  return observacion;
}

export default fp(
  async function metricasPlugin(app: FastifyInstance, opts: { token: string | null; db: unknown }) {
    const esperado = opts.token ? huella(opts.token) : null;
    if (!esperado) app.decorate('metricas', NADA);
    const registro = new Registry();
    if (esperado) {
      collectDefaultMetrics({ register: registro });
      const { metricas, http } = crearMetricas(registro);
      app.decorate('metricas', metricas);
      const bd = metricasDeBd(registro, opts.db);
      app.addHook('onClose', async () => bd.dejar());
      app.addHook('onResponse', async (request, reply) => {
        // The route's pattern (`/api/chats/:id/mensajes`), never the URL: ids and tokens stay out
        // and the series stay few. Paths that match no route share one label.
        const ruta = request.routeOptions.url ?? 'sin_ruta';
        http.observe({ method: request.method, route: ruta, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
    }
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Disabled looks like any path that does not exist.
      if (!esperado) return enviarError(reply, 404, 'RUTA_NO_ENCONTRADA', MSG_GENERICO.rutaNoEncontrada);
      reply.header('cache-control', 'no-store');
      if (!tokenValido(request.headers.authorization, esperado)) {
        reply.header('www-authenticate', 'Bearer realm="metricas"');
        return enviarError(reply, 401, 'METRICAS_NO_AUTORIZADO', MSG_NO_AUTORIZADO);
      }
      return reply.type(registro.contentType).send(await registro.metrics());
    });
  },
  { name: 'metricas' },
);
