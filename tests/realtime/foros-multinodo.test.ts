// Forums on several nodes: two real server processes (the compiled server/dist/main.mjs) on one
// PostgreSQL database and one Redis (REDIS_PREFIX of their own). A post made through one process
// reaches the topic's readers connected to the other; a private forum's room refuses outsiders on
// both; the posting limit is one budget across nodes. PostgreSQL comes from DATABASE_URL (CI) or
// MULTINODO_DATABASE_URL (a local run that must not touch the shared test template); this file
// creates and drops its own database. Skips (with a message) without them, unless REQUIRE_E2E=1.
import { randomBytes } from 'node:crypto';
import type { MensajeForo } from '@miduelo/shared/foros';
import { abrirDb, type DbHandle } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlConBase } from '../helpers/base-datos';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';
import { detener, iniciarNodo as iniciarNodoCon, llamar, motivoParaOmitir, type Nodo } from '../helpers/nodos';
import { conectar, esperarConexion, type SocketCliente } from '../helpers/socket';

const RAIZ_PG = process.env.DATABASE_URL ?? process.env.MULTINODO_DATABASE_URL;
const SECRETO = 'secreto-compartido-por-los-dos-nodos-de-foros!!';
const LLAVE = Buffer.alloc(32, 9).toString('base64');
const PREFIJO = `miduelo-foros-prueba-${randomBytes(4).toString('hex')}`;

const motivo = await motivoParaOmitir(
  RAIZ_PG,
  'ni DATABASE_URL ni MULTINODO_DATABASE_URL están definidos',
  'Prueba de foros en varios nodos',
);
const iniciarNodo = (databaseUrl: string) => iniciarNodoCon({ databaseUrl, secreto: SECRETO, llave: LLAVE, prefijoRedis: PREFIJO });

async function hasta(cond: () => boolean, ms = 8000) {
  const limite = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(motivo !== null)('foros en varios nodos con REDIS_URL', () => {
  const nombreBase = `miduelo_foros_${randomBytes(5).toString('hex')}`;
  let handle: DbHandle;
  let a: Nodo;
  let b: Nodo;
  const sockets: SocketCliente[] = [];
  let tkAdmin: string;
  let tkPac: string;
  let tkAjeno: string;

  beforeAll(async () => {
    const admin = postgres(RAIZ_PG as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${nombreBase}`);
    await admin.end();
    const url = urlConBase(RAIZ_PG as string, nombreBase);
    handle = await abrirDb({ databaseUrl: url, dataDir: '', maxConexiones: 5 });
    await aplicarMigraciones(handle, url);
    const psi = await crearPsicologo(handle.db);
    const pac = await crearPaciente(handle.db);
    const ajeno = await crearPaciente(handle.db);
    [a, b] = await Promise.all([iniciarNodo(url), iniciarNodo(url)]);
    tkAdmin = (await llamar(a.url, 'POST', '/api/psicologo/iniciar-sesion', undefined, { correo: psi.correo, contrasena: CONTRASENA })).body
      .token;
    tkPac = (await llamar(b.url, 'POST', '/api/paciente/iniciar-sesion', undefined, { email: pac.email, contrasena: CONTRASENA })).body
      .token;
    tkAjeno = (await llamar(b.url, 'POST', '/api/paciente/iniciar-sesion', undefined, { email: ajeno.email, contrasena: CONTRASENA })).body
      .token;
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([detener(a), detener(b)]);
    await handle?.close();
    if (RAIZ_PG) {
      const admin = postgres(RAIZ_PG, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${nombreBase} with (force)`);
      await admin.end();
    }
  }, 60_000);

  async function socketEn(n: Nodo, token: string) {
    const s = conectar(n.url, token);
    sockets.push(s);
    await esperarConexion(s);
    return s;
  }

  it('un mensaje publicado en el nodo A llega a quien lee el tema en el nodo B, y al revés; un foro privado no se abre en ninguno', async () => {
    const foro = await llamar(a.url, 'POST', '/api/foros', tkAdmin, { titulo: 'Foro de dos nodos' });
    const idForo = foro.body.data.id_foro;
    const tema = await llamar(a.url, 'POST', `/api/foros/${idForo}/temas`, tkAdmin, { titulo: 'Tema compartido' });
    const idTema = tema.body.data.id_tema;
    expect((await llamar(b.url, 'POST', `/api/foros/${idForo}/unirse`, tkPac)).status).toBe(200);

    const pacEnB = await socketEn(b, tkPac);
    const adminEnA = await socketEn(a, tkAdmin);
    const ajenoEnA = await socketEn(a, tkAjeno);
    for (const s of [pacEnB, adminEnA]) expect((await s.emitWithAck('foro:tema:unirse', { id_tema: idTema })).ok).toBe(true);
    const enB: MensajeForo[] = [];
    const enA: MensajeForo[] = [];
    pacEnB.on('foro:mensaje', (p) => enB.push(p.mensaje));
    adminEnA.on('foro:mensaje', (p) => enA.push(p.mensaje));
    const ajeno: unknown[] = [];
    ajenoEnA.on('foro:mensaje', (p) => ajeno.push(p));

    const r = await llamar(a.url, 'POST', `/api/foros/temas/${idTema}/mensajes`, tkAdmin, { contenido: 'Desde el nodo A' });
    expect(r.status).toBe(201);
    await hasta(() => enB.length === 1 && enA.length === 1);
    const { crisis: _c, ...publicado } = r.body.data;
    expect(enB[0]).toEqual(publicado);
    const r2 = await llamar(b.url, 'POST', `/api/foros/temas/${idTema}/mensajes`, tkPac, { contenido: 'Respuesta por el nodo B' });
    await hasta(() => enA.length === 2 && enB.length === 2);
    expect(enA.map((m) => m.seq)).toEqual([1, r2.body.data.seq]);
    expect(ajeno).toEqual([]);

    // Concurrent retries of one post through both nodes (real PostgreSQL): one post, one seq.
    const idc = `reintento${randomBytes(6).toString('hex')}`;
    const reintentos = await Promise.all(
      [a, b, a, b].map((n) =>
        llamar(n.url, 'POST', `/api/foros/temas/${idTema}/mensajes`, tkPac, { contenido: 'Una sola vez', id_cliente: idc }),
      ),
    );
    expect(reintentos.map((x) => x.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(reintentos.map((x) => x.body.data.seq))).toEqual(new Set([3]));

    // A private forum made on node A: its topic refuses the outsider on node B, and its post
    // reaches the admin's socket on node B only.
    const privado = await llamar(a.url, 'POST', '/api/foros', tkAdmin, { titulo: 'Privado de dos nodos', publico: false });
    const tp = await llamar(a.url, 'POST', `/api/foros/${privado.body.data.id_foro}/temas`, tkAdmin, { titulo: 'Tema privado' });
    const ajenoEnB = await socketEn(b, tkAjeno);
    expect((await ajenoEnB.emitWithAck('foro:tema:unirse', { id_tema: tp.body.data.id_tema })).ok).toBe(false);
    const adminEnB = await socketEn(b, tkAdmin);
    expect((await adminEnB.emitWithAck('foro:tema:unirse', { id_tema: tp.body.data.id_tema })).ok).toBe(true);
    const llega = new Promise<MensajeForo>((resolve) => adminEnB.once('foro:mensaje', (p) => resolve(p.mensaje)));
    await llamar(a.url, 'POST', `/api/foros/temas/${tp.body.data.id_tema}/mensajes`, tkAdmin, { contenido: 'Solo el equipo' });
    expect((await llega).contenido).toBe('Solo el equipo');
  });

  it('el límite de publicaciones por cuenta es uno solo en los dos nodos', async () => {
    const foro = await llamar(a.url, 'POST', '/api/foros', tkAdmin, { titulo: 'Foro del límite' });
    const idForo = foro.body.data.id_foro;
    const tema = await llamar(b.url, 'POST', `/api/foros/${idForo}/temas`, tkAdmin, { titulo: 'Tema del límite' });
    const estados: [string, number][] = [];
    for (let i = 0; i < 12; i++) {
      const n = i % 2 ? a : b;
      const r = await llamar(n.url, 'POST', `/api/foros/temas/${tema.body.data.id_tema}/mensajes`, tkAdmin, { contenido: `m${i}` });
      estados.push([n === a ? 'A' : 'B', r.status]);
    }
    expect(estados.some(([n, s]) => n === 'A' && s === 429)).toBe(true);
    expect(estados.some(([n, s]) => n === 'B' && s === 429)).toBe(true);
  });
});
