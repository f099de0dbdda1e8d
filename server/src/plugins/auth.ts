import { randomUUID } from 'node:crypto';
import jwt from '@fastify/jwt';
import { MSG } from '@miduelo/shared/cuentas';
import type { TokenPaciente, TokenPayload, TokenPsicologo } from '@miduelo/shared/cuentas';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { esBdCaida } from '../comun/errores-bd';
import { AppError, forbidden, unauthorized } from '../errors';
import { CACHE_SESION_MS, CacheDeSesiones, type CuentaSesion, REVERIFICAR_SESION_MS } from './sesiones-cache';
import { UsosDeSesion } from './sesiones-uso';
import { type EstadoCuenta, type EstadoPsicologo, estadosDeSesiones, insertarTokenRevocado, prepararEstadoSesion } from './sesiones-repo';

const DURACION_SESION_PSICOLOGO_S = 8 * 3600;
const DURACION_SESION_PACIENTE_S = 30 * 24 * 3600;

/** A password step's "second step pending" token (decision 371): it names the account and the
 * session version, and opens nothing — every guard and the socket handshake refuse its `tipo`. */
export interface Pendiente {
  cuenta: CuentaSesion;
  ver: number;
  jti: string;
  exp: number;
}

/** Who a verified token belongs to: the account's state read from the database, or from the
 * revocation-aware cache of decision 082 (forgotten on every node by any revocation). */
export type Sesion = (TokenPsicologo & { cedula_validada: boolean; creadoEn: Date }) | TokenPaciente;

/** The account a session belongs to (the admin role is its psychologist's account). */
export function cuentaDeSesion(s: Sesion): CuentaSesion {
  return s.tipo === 'paciente' ? { tipo: 'paciente', id: s.id_paciente } : { tipo: 'psicologo', id: s.id_psicologo };
}

declare module 'fastify' {
  interface FastifyInstance {
    sesiones: {
      firmarPsicologo(p: Omit<TokenPsicologo, 'jti' | 'iat' | 'exp' | 'tipo'> & { version: number }): string;
      firmarPaciente(p: Omit<TokenPaciente, 'jti' | 'iat' | 'exp' | 'tipo'> & { version: number }): string;
      /** The password step's token when the account has a second step (lives `segundos`). */
      firmarPendiente(p: { cuenta: CuentaSesion; version: number }, segundos: number): string;
      /** A pending token's account, version and id; 401 when it is not one, or expired. */
      leerPendiente(token: string): Pendiente;
      /** Verifies signature (HS256 only), expiry against the app clock, account state and revocation.
       * `guardar: false` leaves the result out of the cache (sockets use verificarSocket). */
      verificar(token: string, o?: { guardar?: boolean }): Promise<Sesion>;
      /** A socket's handshake: the session and the session version the token was signed with
       * (never cached; the socket keeps the session and the version, not the token), and the
       * cache's stamp taken before the database was read (see `sigueVigente`). */
      verificarSocket(token: string): Promise<{ sesion: Sesion; version: number; sello: number }>;
      /** A socket's periodic check: expiry, account state and revocation, from its session. */
      reverificar(sesion: Sesion, version: number): Promise<{ sesion: Sesion; sello: number }>;
      /** Many sockets' checks at once (their periodic refresh, decision 239): for each, its session
       * read again, or null when it no longer holds (expired, revoked, account changed); with the
       * cache's stamp taken before the reads. */
      reverificarVarias(
        items: ReadonlyArray<{ sesion: Sesion; version: number }>,
      ): Promise<{ sello: number; sesiones: Array<Sesion | null> }>;
      /** Settles once the renewals of cached checks started so far have (decision 241). */
      renovacionesPendientes(): Promise<void>;
      /** Whether a socket's last check, `edadMs` old and stamped `sello`, still holds: no forget
       * of its account or token reached this node since, and it is younger than a cache entry's
       * life (REVERIFICAR_SESION_MS while the cache is not serving) (decision 233). */
      sigueVigente(sesion: Sesion, sello: number, edadMs: number): boolean;
      /** Whether a socket's check is relied on for a cache entry's life (the cache hears every
       * node's forgets), not only REVERIFICAR_SESION_MS. */
      chequeosDuraderos(): boolean;
      revocar(payload: TokenPayload): Promise<void>;
      /** Any change of an account's session state (status, version, role, licence): its cached
       * checks are forgotten here and on every node before this resolves (decision 082). */
      olvidarCuenta(cuenta: CuentaSesion): Promise<void>;
    };
    requierePsicologo: onRequestAsyncHookHandler;
    requiereAdmin: onRequestAsyncHookHandler;
    /** Any signed-in account: psychologist, administrator or patient. */
    requiereCuenta: onRequestAsyncHookHandler;
    requierePaciente: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    sesion: Sesion | null;
  }
}

type Firmado = TokenPayload & { ver: number };

/** Whether an account's state read from the database still admits a token signed with `ver`. */
function admite(c: EstadoCuenta | undefined, ver: number): c is EstadoCuenta {
  return c?.status === 'activo' && !!c.activadoEn && c.version === ver && !c.revocado;
}

/** A psychologist's session from its token and its account's state; null when no longer valid.
 * Built field by field, always in this order: every session shares one hidden class. The token's
 * parsed payload spread into a literal gave each socket's session its own shape (~0.4 KiB per idle
 * socket; decision 222). */
function sesionDePsicologo(p: TokenPsicologo & { ver: number }, c: EstadoPsicologo | undefined): Sesion | null {
  if (!admite(c, p.ver)) return null;
  return {
    tipo: 'psicologo',
    id_psicologo: p.id_psicologo,
    correo: p.correo,
    nombre: p.nombre,
    apellido: p.apellido,
    rol_admin: c.rol_admin,
    jti: p.jti,
    iat: p.iat,
    exp: p.exp,
    cedula_validada: c.cedula_validada,
    creadoEn: c.createdAt,
  };
}

function sesionDePaciente(p: TokenPaciente & { ver: number }, c: EstadoCuenta | undefined): Sesion | null {
  if (!admite(c, p.ver)) return null;
  return { tipo: 'paciente', id_paciente: p.id_paciente, nombre: p.nombre, apellido: p.apellido, jti: p.jti, iat: p.iat, exp: p.exp };
}

/** Several sockets' sessions re-read in one round trip (the refresh of decision 239): each the
 * session as it stands now, or null when it is over. Expiry is judged after the read. */
async function sesionesVigentes(
  db: FastifyInstance['db'],
  items: readonly { sesion: Sesion; version: number }[],
  ahoraS: () => number,
): Promise<(Sesion | null)[]> {
  const ids = { psicologos: new Set<number>(), pacientes: new Set<number>() };
  for (const { sesion: s } of items) {
    if (s.tipo === 'psicologo') ids.psicologos.add(s.id_psicologo);
    else ids.pacientes.add(s.id_paciente);
  }
  const e = await estadosDeSesiones(db, {
    psicologos: [...ids.psicologos],
    pacientes: [...ids.pacientes],
    jtis: items.map((i) => i.sesion.jti),
  });
  const ahora = ahoraS();
  return items.map(({ sesion: s, version: ver }) => {
    if (s.exp <= ahora) return null;
    const revocado = e.revocado(s.jti);
    if (s.tipo === 'psicologo') {
      const c = e.psicologo.get(s.id_psicologo);
      return sesionDePsicologo({ ...s, ver }, c && { ...c, revocado });
    }
    const c = e.paciente.get(s.id_paciente);
    return sesionDePaciente({ ...s, ver }, c && { ...c, revocado });
  });
}

/** The second-step-pending tokens (decision 371): signed with the sessions' key, read back only
 * by the second step; their `tipo` is none a guard or the socket handshake admits. */
function tokensPendientes(firmar: (payload: Record<string, unknown>, duracion: number) => string, leerToken: (token: string) => Firmado) {
  return {
    firmarPendiente: ({ cuenta, version }: { cuenta: CuentaSesion; version: number }, segundos: number) =>
      firmar({ tipo: 'mfa_pendiente', cuenta_tipo: cuenta.tipo, cuenta_id: cuenta.id, ver: version }, segundos),
    leerPendiente(token: string): Pendiente {
      const p: Record<string, unknown> = { ...leerToken(token) };
      const tipo = p.cuenta_tipo === 'psicologo' || p.cuenta_tipo === 'paciente' ? p.cuenta_tipo : null;
      if (p.tipo !== 'mfa_pendiente' || !tipo || typeof p.cuenta_id !== 'number' || typeof p.ver !== 'number' || typeof p.jti !== 'string')
        throw unauthorized(MSG.sesionInvalida, 'TOKEN_INVALIDO');
      return { cuenta: { tipo, id: p.cuenta_id }, ver: p.ver, jti: p.jti, exp: Number(p.exp) };
    },
  };
}

/** The route guards: a bearer token verified, then the kind of account the route admits. */
function registrarGuardas(app: FastifyInstance, verificar: (token: string) => Promise<Sesion>) {
  async function autenticar(request: FastifyRequest): Promise<Sesion> {
    const h = request.headers.authorization;
    if (!h || !/^Bearer\s+\S+$/i.test(h)) throw unauthorized(MSG.noAutenticado);
    const sesion = await verificar(h.replace(/^Bearer\s+/i, ''));
    request.sesion = sesion;
    return sesion;
  }

  app.decorate('requierePsicologo', async (request: FastifyRequest) => {
    const s = await autenticar(request);
    if (s.tipo !== 'psicologo') throw forbidden(MSG.soloPsicologos, 'SOLO_PSICOLOGOS');
  });
  app.decorate('requiereAdmin', async (request: FastifyRequest) => {
    const s = await autenticar(request);
    if (s.tipo !== 'psicologo' || !s.rol_admin) throw forbidden(MSG.soloAdministradores, 'SOLO_ADMINISTRADORES');
  });
  app.decorate('requiereCuenta', async (request: FastifyRequest) => {
    await autenticar(request);
  });
  app.decorate('requierePaciente', async (request: FastifyRequest) => {
    const s = await autenticar(request);
    if (s.tipo !== 'paciente') throw forbidden(MSG.soloPacientes, 'SOLO_PACIENTES');
  });
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    await app.register(jwt, {
      secret: config.jwtSecret,
      sign: { algorithm: 'HS256' },
      // Expiry is checked below against the injectable clock; the signature and algorithm here.
      verify: { algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true },
    });
    const ahoraS = () => Math.floor(config.now().getTime() / 1000);

    function firmar(payload: Record<string, unknown>, duracion: number): string {
      const iat = ahoraS();
      return app.jwt.sign({ ...payload, jti: randomUUID(), iat, exp: iat + duracion });
    }

    const estado = prepararEstadoSesion(app.db);
    const cache = new CacheDeSesiones<Sesion>(app.redis, `${config.redisPrefix}:sesiones`, app.log);
    await cache.iniciar();
    const usos = new UsosDeSesion(app.db, config.now, app.log);
    app.addHook('onClose', async () => {
      await Promise.all(renovaciones);
      await usos.esperar();
      await cache.cerrar();
    });

    /** The token's signed payload, with its expiry checked against the app clock. */
    function leerToken(token: string): Firmado {
      let p: Firmado;
      try {
        p = app.jwt.verify<Firmado>(token);
      } catch {
        throw unauthorized(MSG.sesionInvalida, 'TOKEN_INVALIDO');
      }
      if (typeof p.exp !== 'number' || p.exp <= ahoraS()) throw unauthorized(MSG.sesionInvalida, 'TOKEN_EXPIRADO');
      return p;
    }

    // A cached check read in the last minute of its life is read again off the request path
    // (decision 241): a client in use never waits for its check's end of life, as an open socket's
    // is refreshed ahead (decision 239), and a session ended by a change written outside the app
    // leaves the cache at once instead of at the entry's end. The request that triggered it is
    // answered from the entry, which still holds (nothing forgot it).
    const renovaciones = new Set<Promise<void>>();
    function renovar(token: string) {
      const r = (async () => {
        try {
          await sesionDe(leerToken(token), token);
        } catch (err) {
          // Over (revoked, disabled, expired): the next request reads it and is refused. Without a
          // database the entry lives out its life, and the request after it reads as usual.
          if (err instanceof AppError && err.status === 401) cache.descartar(token);
          else if (!esBdCaida(err)) app.log.error({ err }, 'sesiones: no se pudo renovar una verificación guardada');
        }
      })().finally(() => renovaciones.delete(r));
      renovaciones.add(r);
    }

    async function verificar(token: string, o: { guardar?: boolean } = {}): Promise<Sesion> {
      // A token verified a moment ago and not forgotten since: only its expiry is checked again.
      const guardada = cache.leer(token);
      if (guardada) {
        if (guardada.exp <= ahoraS()) throw unauthorized(MSG.sesionInvalida, 'TOKEN_EXPIRADO');
        if (cache.reservarRenovacion(token)) renovar(token);
        return guardada;
      }
      // Expiry against the app clock on every call, cached or not.
      return sesionDe(leerToken(token), o.guardar === false ? null : token);
    }

    /**
     * The account's state and the token's revocation for a verified payload (one round trip), as
     * a session; stored in the cache under `token` unless it is null. A socket re-verifies from
     * its session and the version it was signed with (decision 229): it keeps no token.
     */
    async function sesionDe(p: Firmado, token: string | null): Promise<Sesion> {
      const jti = String(p.jti);
      const sello = token === null ? -1 : cache.sello();
      if (p.tipo === 'psicologo') {
        const s = sesionDePsicologo(p, await estado.psicologo(p.id_psicologo, jti));
        if (!s) throw unauthorized(MSG.sesionInvalida, 'TOKEN_REVOCADO');
        usos.anotar(jti);
        if (token !== null) cache.guardar(token, jti, { tipo: 'psicologo', id: p.id_psicologo }, s, sello);
        return s;
      }
      if (p.tipo === 'paciente') {
        const s = sesionDePaciente(p, await estado.paciente(p.id_paciente, jti));
        if (!s) throw unauthorized(MSG.sesionInvalida, 'TOKEN_REVOCADO');
        usos.anotar(jti);
        if (token !== null) cache.guardar(token, jti, { tipo: 'paciente', id: p.id_paciente }, s, sello);
        return s;
      }
      // Any other kind — a second-step-pending token among them (decision 371) — opens nothing.
      throw unauthorized(MSG.sesionInvalida, 'TOKEN_INVALIDO');
    }

    /** A socket's check (handshake or later): never cached, with the cache's stamp taken before
     * the database read, which `sigueVigente` compares with the forgets that come after. */
    async function comprobacionDeSocket(p: Firmado): Promise<{ sesion: Sesion; sello: number }> {
      const sello = cache.sello();
      return { sesion: await sesionDe(p, null), sello };
    }

    app.decorate('sesiones', {
      firmarPsicologo: ({ version, ...p }) => firmar({ ...p, tipo: 'psicologo', ver: version }, DURACION_SESION_PSICOLOGO_S),
      firmarPaciente: ({ version, ...p }) => firmar({ ...p, tipo: 'paciente', ver: version }, DURACION_SESION_PACIENTE_S),
      ...tokensPendientes(firmar, leerToken),
      verificar,
      async verificarSocket(token) {
        const p = leerToken(token);
        return { ...(await comprobacionDeSocket(p)), version: p.ver };
      },
      async reverificar(sesion, version) {
        if (sesion.exp <= ahoraS()) throw unauthorized(MSG.sesionInvalida, 'TOKEN_EXPIRADO');
        return comprobacionDeSocket({ ...sesion, ver: version } as Firmado);
      },
      async reverificarVarias(items) {
        const sello = cache.sello();
        return { sello, sesiones: await sesionesVigentes(app.db, items, ahoraS) };
      },
      renovacionesPendientes: async () => {
        await Promise.all(renovaciones);
      },
      sigueVigente(sesion, sello, edadMs) {
        if (cache.olvidadoDesde(cuentaDeSesion(sesion), sesion.jti, sello)) return false;
        return edadMs < (cache.sirviendo ? CACHE_SESION_MS : REVERIFICAR_SESION_MS);
      },
      chequeosDuraderos: () => cache.sirviendo,
      async revocar(payload: TokenPayload) {
        await insertarTokenRevocado(app.db, { jti: payload.jti, expiraEn: new Date(payload.exp * 1000) });
        await cache.olvidar({ jti: payload.jti });
      },
      olvidarCuenta: (cuenta) => cache.olvidar({ cuenta }),
    });
    app.decorateRequest('sesion', null);

    registrarGuardas(app, verificar);
  },
  { name: 'auth', dependencies: ['db', 'redis'] },
);

/** The psychologist of a request already guarded by requierePsicologo. */
export function psicologoDe(request: FastifyRequest) {
  const s = request.sesion;
  if (s?.tipo !== 'psicologo') throw unauthorized(MSG.noAutenticado);
  return s;
}

/** The patient of a request already guarded by requierePaciente. */
export function pacienteDe(request: FastifyRequest) {
  const s = request.sesion;
  if (s?.tipo !== 'paciente') throw unauthorized(MSG.noAutenticado);
  return s;
}
