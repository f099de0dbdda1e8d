// The request id on every log line a request causes (decision 388): Fastify's request.log carries
// it; the services log through `ctx.log`, built once per app, which reads the request in flight
// from an AsyncLocalStorage. The id travels back in `X-Request-Id`.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface Solicitud {
  id: string;
  log: FastifyBaseLogger;
  /** performance.now() when the request arrived (the chat's send-to-commit time starts here). */
  inicio: number;
}

const almacen = new AsyncLocalStorage<Solicitud>();
const recurso = Symbol('recurso de la solicitud');

/** The HTTP request whose work is running now (null outside one: jobs, socket events, start-up). */
export function solicitudActual(): Solicitud | null {
  return almacen.getStore() ?? null;
}

/** An incoming id we keep: a proxy's or a client's, short and without anything a log or a header
 * could misread (no spaces, quotes, newlines). */
const ID_ACEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the caller's `X-Request-Id` when it looks like one, else a new UUID
 * (unique across nodes, unlike Fastify's per-process counter). */
export function idDeSolicitud(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && ID_ACEPTABLE.test(h) ? h : randomUUID();
}

/**
 * A logger that writes through the current request's logger (with its reqId) and through `base`
 * outside a request. A proxy, not a getter: modules copy the context (`{ ...app.ctx }`) and jobs
 * keep `ctx.log`, and a copy must stay live.
 */
export function registroDeSolicitud(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(objetivo, clave) {
      const actual = almacen.getStore()?.log ?? objetivo;
      const valor = Reflect.get(actual, clave, actual);
      return typeof valor === 'function' ? valor.bind(actual) : valor;
    },
  });
}

type ConRecurso = FastifyRequest & { [recurso]?: AsyncResource };

export default fp(
  async function solicitudPlugin(app: FastifyInstance) {
    app.addHook('onRequest', (request: ConRecurso, reply, done) => {
      reply.header('x-request-id', request.id);
      almacen.run({ id: request.id, log: request.log, inicio: performance.now() }, () => {
        // The body arrives on the socket's own events, outside this context: preValidation,
        // preHandler and the handler run from there, so they re-enter it (as @fastify/request-context).
        const r = new AsyncResource('miduelo-solicitud');
        request[recurso] = r;
        r.runInAsyncScope(done, request.raw);
      });
    });
    app.addHook('preValidation', (request: ConRecurso, _reply, done) => {
      const r = request[recurso];
      if (r) r.runInAsyncScope(done, request.raw);
      else done();
    });
  },
  { name: 'solicitud' },
);
