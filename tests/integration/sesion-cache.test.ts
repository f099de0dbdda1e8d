// The revocation-aware cache of the session check (decision 082): a request whose token was
// checked a moment ago costs no database round trip, and a revocation still refuses the very next
// request — on the node that revoked it and, through Redis pub/sub, on another node that had the
// token cached. The two-node part skips (with a message) where Redis is not reachable, unless
// REQUIRE_E2E=1. An entry used in its last minute is read again off the request path (decision 241).
import { randomBytes } from 'node:crypto';
import { buildApp } from '@miduelo/server/app';
import type { FastifyInstance } from 'fastify';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { CACHE_SESION_MS } from '@miduelo/server/plugins/sesiones-cache';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';

import { motivoSinRedis, REDIS_URL } from '../helpers/nodos';

/** Changes a psychologist's session version by hand, as a manual UPDATE would: no forget. */
const subirVersionDe = (t: AppDePrueba, id: number, n: number) =>
  t.db
    .update(psicologo)
    .set({ versionSesion: sql`${psicologo.versionSesion} + ${n}` })
    .where(eq(psicologo.id_psicologo, id));
const subirVersion = (t: AppDePrueba, id: number) => subirVersionDe(t, id, 1);

/** Moves performance.now() — the clock of the cache's entries — forward, keeping it monotonic,
 * until the end of the current test. */
function adelantarReloj() {
  const real = performance.now.bind(performance);
  let desfase = 0;
  const espia = vi.spyOn(performance, 'now').mockImplementation(() => real() + desfase);
  onTestFinished(() => espia.mockRestore());
  return {
    avanzar: (ms: number) => {
      desfase += ms;
    },
  };
}

const protegido = (app: FastifyInstance, token: string) => inyectarCon(app, token, { method: 'GET', url: '/api/psicologo/chats' });
const delPaciente = (app: FastifyInstance, token: string) => inyectarCon(app, token, { method: 'GET', url: '/api/paciente/chats' });

describe('un nodo, sin Redis', () => {
  let t: AppDePrueba;
  beforeAll(async () => {
    t = await crearAppDePrueba();
  });
  afterAll(() => t?.cerrar());

  it('la segunda petición con el mismo token no consulta la base para la sesión: un cambio escrito a mano sin aviso no se ve hasta olvidarCuenta', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    // A manual UPDATE (as a password reset writes it) without the forget every app path sends: a
    // request that read the database would be refused; one served from the cache is not.
    await subirVersion(t, p.id_psicologo);
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    await t.app.sesiones.olvidarCuenta({ tipo: 'psicologo', id: p.id_psicologo });
    expect((await protegido(t.app, tk)).statusCode).toBe(401);
  });

  // Decision 241: a cached check used in the last minute of its life is read again off the request
  // path. The cache measures its entries' life with performance.now(), moved forward here.
  it('una verificación usada en su último minuto de vida se lee de nuevo sin hacer esperar a la petición: una sesión terminada a mano sale de la caché', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const reloj = adelantarReloj();
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    await subirVersion(t, p.id_psicologo);
    reloj.avanzar(CACHE_SESION_MS - 30_000);
    // Served from the entry (nothing forgot it), which starts the renewal.
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    await t.app.sesiones.renovacionesPendientes();
    expect((await protegido(t.app, tk)).statusCode).toBe(401);
  });

  it('la verificación renovada vale otra vida de la caché desde la renovación, y no antes de su último minuto', async () => {
    const p = await crearPsicologo(t.db);
    const tk = sesionPsicologo(t.app, p);
    const reloj = adelantarReloj();
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    // Halfway through its life the entry is only served: no renewal starts.
    reloj.avanzar(CACHE_SESION_MS / 2);
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    await subirVersion(t, p.id_psicologo);
    await t.app.sesiones.renovacionesPendientes();
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    await t.app.sesiones.olvidarCuenta({ tipo: 'psicologo', id: p.id_psicologo });
    await subirVersionDe(t, p.id_psicologo, -1);
    // A new entry (the forget emptied it), renewed in its last minute.
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    reloj.avanzar(CACHE_SESION_MS - 30_000);
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    await t.app.sesiones.renovacionesPendientes();
    // Past the first entry's life, the renewed one still serves: no read, so a manual change is
    // not seen yet...
    await subirVersion(t, p.id_psicologo);
    reloj.avanzar(60_000);
    expect((await protegido(t.app, tk)).statusCode).toBe(200);
    // ...and it is once the renewed entry's own life is over (the bound of decision 082 holds).
    reloj.avanzar(CACHE_SESION_MS);
    expect((await protegido(t.app, tk)).statusCode).toBe(401);
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

const sinRedis = await motivoSinRedis();
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
