import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '@miduelo/server/app';
import { type Config, leerConfig } from '@miduelo/server/config';
import type { Db } from '@miduelo/server/db/client';
import { crearBaseDePrueba, type BaseDePrueba } from './base-datos';
import { type BuzonSmtp, iniciarBuzon } from './correo';
import { baseTrasProxy, type ProxyTcp } from './proxy-tcp';

export interface Reloj {
  ahora(): Date;
  fijar(fecha: Date | string): void;
  avanzar(ms: number): void;
}

/** An injectable clock: starts at the real now and only moves when a test moves it. */
export function crearReloj(inicio: Date = new Date()): Reloj {
  let actual = inicio.getTime();
  return {
    ahora: () => new Date(actual),
    fijar: (f) => {
      actual = new Date(f).getTime();
    },
    avanzar: (ms) => {
      actual += ms;
    },
  };
}

export interface AppDePrueba {
  app: FastifyInstance;
  db: Db;
  base: BaseDePrueba;
  buzon: BuzonSmtp;
  reloj: Reloj;
  config: Config;
  /** Base URL once `escuchar()` has been called (socket tests). */
  url: string;
  /** With `porProxy` on PostgreSQL: the TCP proxy between the app and its database (`t.db`, the
   * fixtures' connection, goes straight to it). Null otherwise. */
  proxy: ProxyTcp | null;
  escuchar(): Promise<string>;
  cerrar(): Promise<void>;
}

export const SECRETO_PRUEBAS = 'secreto-de-pruebas-con-al-menos-32-caracteres!';

export async function crearAppDePrueba(
  o: { config?: Partial<Config>; env?: NodeJS.ProcessEnv; log?: NodeJS.WritableStream; porProxy?: boolean } = {},
): Promise<AppDePrueba> {
  const base = await crearBaseDePrueba();
  // On PostgreSQL a test can take the database away from the app as a network does (proxy-tcp.ts).
  const tras = o.porProxy && base.url ? await baseTrasProxy(base.url) : null;
  const proxy = tras?.proxy ?? null;
  const buzon = await iniciarBuzon();
  const reloj = crearReloj();
  const config = leerConfig(
    { SMTP_URL: buzon.url, PUBLIC_URL: 'http://miduelo.test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-pruebas', ...o.env },
    // No periodic refresh of open sockets' session checks (decision 239) unless a test asks for it:
    // tests move the clock and change sessions by hand, and a timer could act in between.
    // Required two-step verification (decision 382) is off unless the test turns it on: tests sign
    // administrators in to exercise other things; tests/integration/mfa-obligatoria covers it.
    {
      jwtSecret: SECRETO_PRUEBAS,
      now: reloj.ahora,
      refrescoSesionesMs: 0,
      ...(o.env?.MFA_OBLIGATORIA ? {} : { mfaObligatoria: 'ninguna' as const }),
      ...o.config,
    },
  );
  const app = await buildApp({ config, db: (tras?.db ?? base.handle).db, logger: o.log ? { stream: o.log } : false });
  await app.ready();
  const prueba: AppDePrueba = {
    app,
    db: base.handle.db,
    base,
    buzon,
    reloj,
    config,
    url: '',
    proxy,
    async escuchar() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const dir = app.server.address();
      prueba.url = typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '';
      return prueba.url;
    },
    async cerrar() {
      proxy?.restaurar();
      await app.close();
      await tras?.db.close();
      await proxy?.cerrar();
      await buzon.cerrar();
      await base.cerrar();
    },
  };
  return prueba;
}

/** app.inject with a bearer token (the way the mobile app and the web client call). */
export function inyectarCon(app: FastifyInstance, token: string, o: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...o, headers: { ...(o.headers ?? {}), authorization: `Bearer ${token}` } });
}
