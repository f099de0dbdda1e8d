// Per-account rates of clinical records and uploads (docs/decisions/334), on the rate-limit
// plugin's store: Redis when REDIS_URL is set, so every device and server node counts together.
import { MSG_LIMITES, VENTANA_REGISTROS_MS } from '@miduelo/shared/limites-de-volumen';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors';

function cuentaDe(grupo: string, req: FastifyRequest): string {
  const s = req.sesion;
  if (!s) return `${grupo}:ip:${req.ip}`;
  return s.tipo === 'paciente' ? `${grupo}:paciente:${s.id_paciente}` : `${grupo}:psicologo:${s.id_psicologo}`;
}

// One limiter per app and group: each limiter @fastify/rate-limit creates gets its own store.
const limitadores = new WeakMap<object, Map<string, preHandlerAsyncHookHandler>>();

/**
 * A preHandler that lets one account create `registrosClinicosPorMinuto` records of `grupo` a minute and answers the
 * next ones 429 DEMASIADOS_REGISTROS with Retry-After, before anything is read or written. A retry
 * with a stored client id counts like any other request.
 */
export function limiteDeRegistros(app: FastifyInstance, grupo: string): preHandlerAsyncHookHandler {
  let porGrupo = limitadores.get(app.createRateLimit);
  if (!porGrupo) {
    porGrupo = new Map();
    limitadores.set(app.createRateLimit, porGrupo);
  }
  const previo = porGrupo.get(grupo);
  if (previo) return previo;
  const max = app.ctx.config.registrosClinicosPorMinuto;
  const contar = app.createRateLimit({ max, timeWindow: VENTANA_REGISTROS_MS, keyGenerator: (req) => cuentaDe(`registros:${grupo}`, req) });
  const limitador: preHandlerAsyncHookHandler = async (req) => {
    const r = await contar(req);
    if (!r.isAllowed && r.isExceeded) {
      const segundos = Math.max(1, r.ttlInSeconds);
      throw new AppError(429, 'DEMASIADOS_REGISTROS', MSG_LIMITES.demasiadosRegistros(segundos), { retryAfter: segundos });
    }
  };
  porGrupo.set(grupo, limitador);
  return limitador;
}
