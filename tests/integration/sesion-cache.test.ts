// The revocation-aware cache of the session check (decision 082): a request whose token was
// checked a moment ago costs no database round trip, and a revocation still refuses the very next
// request — on the node that revoked it and, through Redis pub/sub, on another node that had the
// token cached. The two-node part skips (with a message) where Redis is not reachable, unless
// REQUIRE_E2E=1.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { buildApp } from '@miduelo/server/app';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function puertoAbierto(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    s.setTimeout(1500);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

const protegido = (app: FastifyInstance, token: string) => inyectarCon(app, token, { method: 'GET', url: '/api/psicologo/chats' });
const delPaciente = (app: FastifyInstance, token: string) => inyectarCon(app, token, { method: 'GET', url: '/api/paciente/chats' });

describe('un nodo, sin Redis', () => {
  let t: AppDePrueba;
  beforeAll(async () => {
    t = await crearAppDePrueba();
  });
  afterAll(() => t?.cerrar());

  it('la segunda petición con el mismo token no consulta la base para la sesión', async () => {
    const pg = t.base.handle.pglite;
    if (!pg) return; // PostgreSQL: the count below reads PGlite's own calls
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const original = pg.query.bind(pg);
    let consultas = 0;
    // biome-ignore lint/suspicious/noExplicitAny: counting calls of PGlite's query, whatever its overload
    (pg as any).query = (...a: any[]) => {
      consultas++;
      return (original as (...x: unknown[]) => unknown)(...a);
    };
    try {
      consultas = 0;
      expect((await protegido(t.app, tk)).statusCode).toBe(200);
      const primera = consultas;
      consultas = 0;
      expect((await protegido(t.app, tk)).statusCode).toBe(200);
      expect(consultas).toBe(primera - 1);
    } finally {
      // biome-ignore lint/suspicious/noExplicitAny: restoring the original method
      (pg as any).query = original;
    }
  });

  it('cerrar sesión, deshabilitar la cuenta o cambiar su estado a mano con olvidarCuenta se nota en la petición siguiente', async () => {
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const p = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: p.id_psicologo });
    const a = sesionPsicologo(t.app, p);
    const b = sesionPsicologo(t.app, p);
    const tpac = sesionPaciente(t.app, pac);
    for (const tk of [a, b]) expect((await protegido(t.app, tk)).statusCode).toBe(200);
    expect((await delPaciente(t.app, tpac)).statusCode).toBe(200);
    expect((await inyectarCon(t.app, a, { method: 'POST', url: '/api/psicologo/cerrar-sesion' })).statusCode).toBe(200);
    expect((await protegido(t.app, a)).statusCode).toBe(401);
    expect((await protegido(t.app, b)).statusCode).toBe(200);
    const ta = sesionPsicologo(t.app, admin);
    const r = await inyectarCon(t.app, ta, {
      method: 'PUT',
      url: `/api/admin/pacientes/${pac.id_paciente}/status`,
      payload: { status: 'inactivo' },
    });
    expect(r.statusCode).toBe(200);
    expect((await delPaciente(t.app, tpac)).statusCode).toBe(401);
    const r2 = await inyectarCon(t.app, ta, {
      method: 'PUT',
      url: `/api/admin/psicologos/${p.id_psicologo}/status`,
      payload: { status: 'inactivo' },
    });
    expect(r2.statusCode).toBe(200);
    expect((await protegido(t.app, b)).statusCode).toBe(401);
  });
});

const sinRedis = (await puertoAbierto(REDIS_URL)) ? null : `Redis no responde en ${REDIS_URL}`;
if (sinRedis) {
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 pero ${sinRedis}`);
  console.warn(`Prueba de caché de sesiones en dos nodos omitida: ${sinRedis}`);
}

describe.skipIf(sinRedis)('dos nodos con Redis', () => {
  let t: AppDePrueba;
  let otro: FastifyInstance;
  beforeAll(async () => {
    t = await crearAppDePrueba({ env: { REDIS_URL, REDIS_PREFIX: `prueba-sesiones-${randomBytes(4).toString('hex')}` } });
    // Node B: another app (its own cache, Redis connections and sockets) on the same database.
    otro = await buildApp({ config: t.config, db: t.db, logger: false });
    await otro.ready();
  });
  afterAll(async () => {
    await otro?.close();
    await t?.cerrar();
  });

  it('cerrar sesión en el nodo A hace que el nodo B rechace la petición siguiente con ese token', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const otroTk = sesionPsicologo(t.app, p);
    // B has both tokens checked (and cached) before the logout.
    expect((await protegido(otro, tk)).statusCode).toBe(200);
    expect((await protegido(otro, tk)).statusCode).toBe(200);
    expect((await protegido(otro, otroTk)).statusCode).toBe(200);
    expect((await inyectarCon(t.app, tk, { method: 'POST', url: '/api/psicologo/cerrar-sesion' })).statusCode).toBe(200);
    expect((await protegido(otro, tk)).statusCode).toBe(401);
    expect((await protegido(otro, otroTk)).statusCode).toBe(200);
  });

  it('deshabilitar la cuenta en el nodo A hace que el nodo B rechace todos sus tokens en la petición siguiente', async () => {
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    expect((await protegido(otro, tk)).statusCode).toBe(200);
    const ta = sesionPsicologo(t.app, admin);
    const r = await inyectarCon(t.app, ta, {
      method: 'PUT',
      url: `/api/admin/psicologos/${p.id_psicologo}/status`,
      payload: { status: 'inactivo' },
    });
    expect(r.statusCode).toBe(200);
    expect((await protegido(otro, tk)).statusCode).toBe(401);
  });
});
