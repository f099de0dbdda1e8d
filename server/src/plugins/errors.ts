import { MSG_GENERICO } from '@miduelo/shared/errores';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { esBdCaida, esCorteDelCliente } from '../comun/errores-bd';
import { AppError } from '../errors';

/** What the log may keep of an error. A failed drizzle query carries its bound values (a password
 * hash, a patient's name and phone) in `params` and in its message and stack: only the SQL text,
 * the stack frames and the driver's own code and message are kept. */
export function errorParaRegistro(err: unknown): unknown {
  const e = err as (Error & { query?: unknown; params?: unknown; code?: string; cause?: unknown }) | null;
  if (!e || typeof e !== 'object' || !('params' in e) || typeof e.query !== 'string') return err;
  const causa = e.cause as { message?: string; code?: string } | undefined;
  const marcos = (e.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at '));
  return {
    type: e.name,
    message: `Failed query: ${e.query}`,
    stack: [`${e.name}: Failed query: ${e.query}`, ...marcos].join('\n'),
    ...(causa ? { cause: { message: causa.message, code: causa.code } } : {}),
  };
}

const RUTAS_AGENDA = /^\/api\/(psicologo\/(agenda|citas|disponibilidad|excepcion)|paciente\/(citas|horarios-disponibles))(\/|\?|$)/;

// Activity routes of both sides (modules, templates, assignments, evidence).
const RUTAS_ACTIVIDADES =
  /^\/api\/(psicologo\/((paciente\/\d+\/)?actividades|evidencias|pacientes\/[^/]+\/(modulos|diario))|paciente\/(actividades|modulos|evidencias|diario))(\/|\?|$)/;

/** Sends `{ msg, code }`, plus `error` under /api/foros and the agenda routes, and `mensaje` on
 * activity routes (the existing clients read those fields). */
export function enviarError(reply: FastifyReply, status: number, code: string, msg: string, extra: object = {}) {
  const url = reply.request.url;
  const body: Record<string, unknown> = { msg, code, ...extra };
  if (url.startsWith('/api/foros') || RUTAS_AGENDA.test(url)) body.error = msg;
  if (RUTAS_ACTIVIDADES.test(url)) body.mensaje = msg;
  return reply.status(status).type('application/json').send(JSON.stringify(body));
}

/** Fastify's `frameworkErrors`: a path that is not valid URL encoding or whose parameter is too
 * long (a pasted link with extra text) is answered before routing, so not by the handler below. */
export function erroresDelMarco(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return enviarError(reply, 414, 'RUTA_INVALIDA', MSG_GENERICO.rutaInvalida);
  if (err.code === 'FST_ERR_BAD_URL') return enviarError(reply, 400, 'RUTA_INVALIDA', MSG_GENERICO.rutaInvalida);
  return enviarError(reply, 500, 'ERROR_INTERNO', MSG_GENERICO.servidor);
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      if (err instanceof AppError) {
        if (err.status === 429 && typeof err.extra.retryAfter === 'number') {
          reply.header('Retry-After', String(err.extra.retryAfter));
          const { retryAfter: _r, ...resto } = err.extra;
          return enviarError(reply, err.status, err.code, err.message, resto);
        }
        return enviarError(reply, err.status, err.code, err.message, err.extra);
      }
      const fe = err as FastifyError;
      if (fe.statusCode === 429) return enviarError(reply, 429, 'DEMASIADOS_INTENTOS', fe.message);
      if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.statusCode === 400) {
        return enviarError(reply, 400, 'SOLICITUD_INVALIDA', MSG_GENERICO.cuerpoInvalido);
      }
      if (fe.statusCode === 413) return enviarError(reply, 413, 'DEMASIADO_GRANDE', MSG_GENERICO.demasiadoGrande);
      if (esCorteDelCliente(err, request.raw)) {
        // A client that cut its request (an interrupted upload): not an outage, not our fault.
        const e = err as { code?: string; message?: string };
        request.log.info({ codigo: e.code, motivo: e.message }, 'el cliente cortó la petición');
        return enviarError(reply, 400, 'SOLICITUD_INTERRUMPIDA', MSG_GENERICO.cuerpoInvalido);
      }
      if (esBdCaida(err, request.raw)) {
        request.log.error({ err: errorParaRegistro(err) }, 'base de datos no disponible');
        return enviarError(reply, 503, 'SERVICIO_NO_DISPONIBLE', MSG_GENERICO.baseDatos);
      }
      request.log.error({ err: errorParaRegistro(err) }, 'error no controlado');
      return enviarError(reply, 500, 'ERROR_INTERNO', MSG_GENERICO.servidor);
    });
  },
  { name: 'errors' },
);
