import { MENSAJES_POR_VENTANA, MSG_CHAT, VENTANA_MENSAJES_MS } from '@miduelo/shared/chat';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';

/** The account a guarded request belongs to (the admin role shares its account's budget). */
function cuentaDe(request: FastifyRequest): string {
  const s = request.sesion;
  if (!s) return `chat-envio:ip:${request.ip}`;
  return s.tipo === 'paciente' ? `chat-envio:paciente:${s.id_paciente}` : `chat-envio:psicologo:${s.id_psicologo}`;
}

// One limiter for the psychologist, patient and admin routes: each `app.rateLimit()` call gets its
// own in-memory store, so a limiter per module would give an account one budget per module.
const limitadores = new WeakMap<object, preHandlerAsyncHookHandler>();

/**
 * Per-account sending rate, shared by every device, conversation and server node (the rate-limit
 * store is Redis when REDIS_URL is set). Runs after the auth guard, which sets the session.
 */
export function limiteDeEnvio(app: FastifyInstance): preHandlerAsyncHookHandler {
  const previo = limitadores.get(app.rateLimit);
  if (previo) return previo;
  const hook = app.rateLimit({
    max: MENSAJES_POR_VENTANA,
    timeWindow: VENTANA_MENSAJES_MS,
    groupId: 'chat-mensajes',
    keyGenerator: cuentaDe,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'DEMASIADOS_MENSAJES', MSG_CHAT.demasiadosMensajes, { retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)) }),
  }) as unknown as preHandlerAsyncHookHandler;
  limitadores.set(app.rateLimit, hook);
  return hook;
}
