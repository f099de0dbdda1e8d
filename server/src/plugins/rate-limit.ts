import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { mensajeDemasiadosIntentos } from '@miduelo/shared/cuentas';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hmacSha256 } from '../comun/cifrado';
import type { Limites } from '../config';
import { AppError } from '../errors';

/** Failed logins of one account: the three steps a login route takes (decision 074). */
interface LimiteLogin {
  /** Before the password is checked: 429 when this account has failed too often from here. */
  antes: preHandlerAsyncHookHandler;
  /** A wrong password: counts against the account from this address and against the account. */
  fallo(request: FastifyRequest, cuenta: string): Promise<void>;
  /** A correct password: this address's count is cleared and the device is remembered. */
  exito(request: FastifyRequest, reply: FastifyReply, cuenta: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-IP and per-account limits for one sensitive route (registration, recovery…). */
    limitesSensibles(grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined): preHandlerAsyncHookHandler[];
    /** The per-IP limit of a login route plus its failure-based limits. */
    limiteLogin(grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined): LimiteLogin;
  }
}

/** Header through which the mobile app presents its device token (a browser uses the cookie). */
const DISPOSITIVO_HEADER = 'x-dispositivo';
const DISPOSITIVO_DIAS = 180;

/** Counters of failures with a time window, in Redis when several nodes share it, else in memory. */
interface Contador {
  leer(clave: string): Promise<{ n: number; ttlMs: number }>;
  sumar(clave: string, ventanaMs: number): Promise<void>;
  borrar(clave: string): Promise<void>;
}

function contadorEnMemoria(): Contador {
  const m = new Map<string, { n: number; hasta: number }>();
  const vigente = (clave: string) => {
    const e = m.get(clave);
    if (e && e.hasta <= Date.now()) m.delete(clave);
    return m.get(clave);
  };
  return {
    async leer(clave) {
      const e = vigente(clave);
      return e ? { n: e.n, ttlMs: e.hasta - Date.now() } : { n: 0, ttlMs: 0 };
    },
    async sumar(clave, ventanaMs) {
      const e = vigente(clave);
      if (e) e.n++;
      else m.set(clave, { n: 1, hasta: Date.now() + ventanaMs });
      if (m.size > 100_000) for (const k of m.keys()) vigente(k);
    },
    async borrar(clave) {
      m.delete(clave);
    },
  };
}

function contadorEnRedis(redis: NonNullable<FastifyInstance['redis']>, prefijo: string): Contador {
  return {
    async leer(clave) {
      const [[, n], [, ttl]] = (await redis
        .multi()
        .get(prefijo + clave)
        .pttl(prefijo + clave)
        .exec()) as [[null, string | null], [null, number]];
      return { n: Number(n ?? 0), ttlMs: Math.max(0, ttl) };
    },
    async sumar(clave, ventanaMs) {
      // The window starts at the first failure (NX): later failures do not extend it.
      await redis
        .multi()
        .incr(prefijo + clave)
        .pexpire(prefijo + clave, ventanaMs, 'NX')
        .exec();
    },
    async borrar(clave) {
      await redis.del(prefijo + clave);
    },
  };
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { limites: Limites; prefijo: string; secreto: string; seguro: boolean }) {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { redis: app.redis, nameSpace: `${opts.prefijo}:rl:` } : {}),
    });
    const { porIp, porCuenta, ventanaMs } = opts.limites;
    const contador = app.redis ? contadorEnRedis(app.redis, `${opts.prefijo}:fallos:`) : contadorEnMemoria();
    const demasiados = (segundos: number) =>
      new AppError(429, 'DEMASIADOS_INTENTOS', mensajeDemasiadosIntentos(segundos), { retryAfter: Math.max(1, Math.ceil(segundos)) });

    const limitePorIp = (grupo: string) => {
      const check = app.createRateLimit({ max: porIp, timeWindow: ventanaMs, keyGenerator: (req) => `${grupo}:ip:${req.ip}` });
      return comprobar(check);
    };
    const comprobar = (check: ReturnType<FastifyInstance['createRateLimit']>): preHandlerAsyncHookHandler =>
      async function limite(request) {
        const r = await check(request);
        if (!r.isAllowed && r.isExceeded) throw demasiados(r.ttlInSeconds);
      };

    // createRateLimit gives a checker per limit; two checkers run in sequence on one request
    // (the plugin's own preHandler runs only once per request, so it cannot stack limits).
    app.decorate('limitesSensibles', (grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined) => {
      const porCuentaCheck = app.createRateLimit({
        max: porCuenta,
        timeWindow: ventanaMs,
        keyGenerator: (req) => `${grupo}:cuenta:${(cuentaDe(req) ?? '').toLowerCase()}`,
      });
      return [limitePorIp(grupo), comprobar(porCuentaCheck)];
    });

    // ---- Logins: only failures count, per account and address (decision 074) ----
    // A known device is one where this account logged in successfully: a token signed with a key
    // derived from the JWT secret, naming the account, kept as a cookie (browser) or sent back in
    // the X-Dispositivo header (mobile app). It lets its holder past the slower per-account limit
    // that strangers elsewhere can exhaust; the per-account-and-address limit still applies.
    // One-shot hashes (decision 242's HMAC, node:crypto's `hash`): the same bytes as createHmac and
    // createHash, without an object per call; each is computed once per login (decision 244).
    const firma = hmacSha256(createHmac('sha256', opts.secreto).update('miduelo:dispositivo').digest());
    const huella = (cuenta: string) => hash('sha256', cuenta, 'hex').slice(0, 16);
    /** The account's id in its device tokens and cookie name, for one login group. */
    const dispositivoDe = (grupo: string, cuenta: string) => huella(`${grupo}:${cuenta}`);
    const nombreCookie = (dispositivo: string) => `md_disp_${dispositivo}`;
    const tokenDispositivo = (dispositivo: string) => {
      const exp = Math.floor(Date.now() / 1000) + DISPOSITIVO_DIAS * 86_400;
      const datos = `${dispositivo}.${exp}`;
      return `${datos}.${firma(datos)}`;
    };
    const esConocido = (request: FastifyRequest, dispositivo: string) => {
      const h = request.headers[DISPOSITIVO_HEADER];
      const candidatos = [request.cookies?.[nombreCookie(dispositivo)], typeof h === 'string' ? h : undefined];
      return candidatos.some((t) => {
        const [id, exp, f] = (t ?? '').split('.');
        if (!id || !exp || !f || id !== dispositivo || Number(exp) * 1000 < Date.now()) return false;
        const a = Buffer.from(f);
        const b = Buffer.from(firma(`${id}.${exp}`));
        return a.length === b.length && timingSafeEqual(a, b);
      });
    };

    app.decorate('limiteLogin', (grupo: string, cuentaDe: (request: FastifyRequest) => string | undefined): LimiteLogin => {
      const porIpCheck = limitePorIp(grupo);
      const fallosCuentaIp = porCuenta;
      const fallosCuenta = porCuenta * 5;
      const ventanaCuentaMs = ventanaMs * 4;
      const claves = (request: FastifyRequest, cuenta: string) => {
        const h = huella(cuenta);
        return { cuentaIp: `${grupo}:${h}:${request.ip}`, cuenta: `${grupo}:${h}` };
      };
      return {
        async antes(request, reply) {
          await porIpCheck.call(app, request, reply);
          const cuenta = (cuentaDe(request) ?? '').toLowerCase();
          const k = claves(request, cuenta);
          const aqui = await contador.leer(k.cuentaIp);
          if (aqui.n >= fallosCuentaIp) throw demasiados(aqui.ttlMs / 1000);
          if (esConocido(request, dispositivoDe(grupo, cuenta))) return;
          const total = await contador.leer(k.cuenta);
          if (total.n >= fallosCuenta) throw demasiados(total.ttlMs / 1000);
        },
        async fallo(request, cuenta) {
          const k = claves(request, cuenta.toLowerCase());
          await Promise.all([contador.sumar(k.cuentaIp, ventanaMs), contador.sumar(k.cuenta, ventanaCuentaMs)]);
        },
        async exito(request, reply, cuenta) {
          const c = cuenta.toLowerCase();
          await contador.borrar(claves(request, c).cuentaIp);
          const dispositivo = dispositivoDe(grupo, c);
          const token = tokenDispositivo(dispositivo);
          reply.setCookie(nombreCookie(dispositivo), token, {
            path: '/api/',
            httpOnly: true,
            sameSite: 'strict',
            secure: opts.seguro,
            maxAge: DISPOSITIVO_DIAS * 86_400,
          });
          reply.header(DISPOSITIVO_HEADER, token);
        },
      };
    });
  },
  { name: 'rate-limit', dependencies: ['redis', 'xsrf'] },
);
