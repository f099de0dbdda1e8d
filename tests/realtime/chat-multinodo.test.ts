// Several nodes: two real server processes (the compiled server/dist/main.mjs) on one PostgreSQL
// database and one Redis. A message posted through one process reaches sockets connected to the
// other; typing indicators and the sending rate limit are shared too. Skips (with a message) where
// PostgreSQL or Redis is not reachable, unless REQUIRE_E2E=1.
import { MENSAJES_POR_VENTANA } from '@miduelo/shared/chat';
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { mensaje } from '@miduelo/server/db/schema/chat';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BaseDePrueba, crearBaseDePrueba } from '../helpers/base-datos';
import { CONTRASENA, crearPaciente, crearPsicologo } from '../helpers/fabricas';
import { detener, iniciarNodo as iniciarNodoCon, llamar, motivoParaOmitir, type Nodo } from '../helpers/nodos';
import { conectar, esperarConexion, esperarEvento, type SocketCliente } from '../helpers/socket';

const SECRETO = 'secreto-compartido-por-los-dos-nodos-de-la-prueba!';
// One deployment, one key: every node must decrypt what another stored.
const LLAVE = Buffer.alloc(32, 7).toString('base64');

const motivo = await motivoParaOmitir(process.env.DATABASE_URL, 'DATABASE_URL no está definido', 'Prueba de varios nodos');
const iniciarNodo = (databaseUrl: string) => iniciarNodoCon({ databaseUrl, secreto: SECRETO, llave: LLAVE });

describe.skipIf(motivo !== null)('varios nodos con REDIS_URL', () => {
  let base: BaseDePrueba;
  let a: Nodo;
  let b: Nodo;
  const sockets: SocketCliente[] = [];
  let tokenPsi: string;
  let tokenPac: string;
  let tokenOtro: string;
  let idChat: number;

  beforeAll(async () => {
    base = await crearBaseDePrueba();
    const db = base.handle.db;
    // Ids far from those of earlier runs: the rate-limit counters live in the shared Redis. Kept
    // below 900,001,000 so that every id stays within the 9 digits a route's id accepts (a start
    // drawn above 999,999,999 failed a CI run with 'Identificador no válido').
    const inicio = 1_000_000 + Math.floor(Math.random() * 900_000_000);
    await db.execute(sql`select setval('psicologo_id_psicologo_seq', ${inicio})`);
    await db.execute(sql`select setval('paciente_id_paciente_seq', ${inicio})`);
    const psi = await crearPsicologo(db);
    const pac = await crearPaciente(db, { id_psicologo: psi.id_psicologo });
    const otro = await crearPaciente(db, { id_psicologo: psi.id_psicologo });
    [a, b] = await Promise.all([iniciarNodo(base.url as string), iniciarNodo(base.url as string)]);
    tokenPsi = (await llamar(a.url, 'POST', '/api/psicologo/iniciar-sesion', undefined, { correo: psi.correo, contrasena: CONTRASENA }))
      .body.token;
    tokenPac = (await llamar(b.url, 'POST', '/api/paciente/iniciar-sesion', undefined, { email: pac.email, contrasena: CONTRASENA })).body
      .token;
    tokenOtro = (await llamar(b.url, 'POST', '/api/paciente/iniciar-sesion', undefined, { email: otro.email, contrasena: CONTRASENA })).body
      .token;
    idChat = (await llamar(a.url, 'POST', '/api/psicologo/chats', tokenPsi, { id_paciente: pac.id_paciente })).body.id_chat;
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([detener(a), detener(b)]);
    await base?.cerrar();
  }, 60_000);

  async function socketEn(n: Nodo, token: string) {
    const s = conectar(n.url, token);
    sockets.push(s);
    await esperarConexion(s);
    return s;
  }

  it('un mensaje publicado en el nodo A llega al socket conectado al nodo B, y al revés', async () => {
    expect(typeof idChat).toBe('number');
    const pacEnB = await socketEn(b, tokenPac);
    const psiEnA = await socketEn(a, tokenPsi);
    const psiEnB = await socketEn(b, tokenPsi);
    const otroEnA = await socketEn(a, tokenOtro);
    const llegados: Mensaje[] = [];
    const contadores: number[] = [];
    const paraOtro: unknown[] = [];
    pacEnB.on('chat:mensaje', (p) => {
      llegados.push(p.mensaje);
      if (p.no_leidos) contadores.push(p.no_leidos.mensajes_no_leidos);
    });
    otroEnA.on('chat:mensaje', (p) => paraOtro.push(p));

    const r = await llamar(a.url, 'POST', '/api/psicologo/mensajes', tokenPsi, { id_chat: idChat, contenido: 'Desde el nodo A' });
    expect(r.status).toBe(201);
    await hasta(() => llegados.length === 1 && contadores.length === 1);
    expect(llegados[0]).toEqual(r.body);
    expect(contadores).toEqual([1]);

    // The psychologist's own first message also reaches their sockets (other tabs), possibly late
    // over Redis: wait for the patient's answer itself.
    const recibir = (s: typeof psiEnA) =>
      new Promise<Mensaje>((resolve) => {
        const oyente = (p: { mensaje: Mensaje }) => {
          if (p.mensaje.contenido !== 'Respuesta por el nodo B') return;
          s.off('chat:mensaje', oyente);
          resolve(p.mensaje);
        };
        s.on('chat:mensaje', oyente);
      });
    const psiRecibe = recibir(psiEnA);
    const psiRecibeB = recibir(psiEnB);
    const resp = await llamar(b.url, 'POST', '/api/paciente/mensajes', tokenPac, { id_chat: idChat, contenido: 'Respuesta por el nodo B' });
    expect((await psiRecibe).seq).toBe(resp.body.seq);
    expect((await psiRecibeB).seq).toBe(resp.body.seq);
    expect(paraOtro).toEqual([]);

    // A socket of node B opens the conversation and gets it from the shared database.
    const sync = await pacEnB.emitWithAck('chat:unirse', { id_chat: idChat, despues_de: 0 });
    expect(sync.ok && sync.data.mensajes.map((m) => m.seq)).toEqual([1, 2]);
    expect((await otroEnA.emitWithAck('chat:unirse', { id_chat: idChat })).ok).toBe(false);

    // Typing crosses nodes through the adapter too.
    expect((await psiEnA.emitWithAck('chat:unirse', { id_chat: idChat })).ok).toBe(true);
    const escribe = new Promise((resolve) => psiEnA.once('chat:escribiendo', resolve));
    pacEnB.emit('chat:escribiendo', { id_chat: idChat, escribiendo: true });
    expect(await escribe).toEqual({ id_chat: idChat, remitente: 'paciente', escribiendo: true });
  });

  it('un cambio de sesión anunciado en el nodo A (validar la cédula) hace que el socket abierto en el nodo B verifique su sesión en el evento siguiente', async () => {
    const db = base.handle.db;
    const admin = await crearPsicologo(db, { rol_admin: true });
    const psi = await crearPsicologo(db, { cedula_validada: false });
    const pac = await crearPaciente(db, { id_psicologo: psi.id_psicologo });
    const login = (n: Nodo, correo: string) =>
      llamar(n.url, 'POST', '/api/psicologo/iniciar-sesion', undefined, { correo, contrasena: CONTRASENA });
    const tokenAdmin = (await login(a, admin.correo)).body.token;
    const token = (await login(b, psi.correo)).body.token;
    const id = (await llamar(b.url, 'POST', '/api/psicologo/chats', token, { id_paciente: pac.id_paciente })).body.id_chat;
    const enB = await socketEn(b, token);
    expect(await enB.emitWithAck('chat:enviar', { id_chat: id, contenido: 'antes' })).toMatchObject({ ok: true });
    // The session version changed by hand (no forget), then a change that the app announces: the
    // licence validated on node A forgets the account on every node before it answers.
    await db
      .update(psicologo)
      .set({ versionSesion: sql`${psicologo.versionSesion} + 1` })
      .where(eq(psicologo.id_psicologo, psi.id_psicologo));
    const v = await llamar(a.url, 'PUT', `/api/admin/psicologos/${psi.id_psicologo}/validar-cedula`, tokenAdmin, { cedula_validada: true });
    expect(v.status, JSON.stringify(v.body)).toBe(200);
    // Refused either by the event's own check or, if node B's periodic refresh (decision 239) read
    // the forgotten session first, by the socket being closed: nothing is stored either way.
    const revocada = esperarEvento<{ motivo: string }>(enB, 'sesion:revocada');
    const acks: unknown[] = [];
    enB.emit('chat:enviar', { id_chat: id, contenido: 'después del aviso' }, (r: unknown) => acks.push(r));
    expect(await revocada).toEqual({ motivo: 'cierre' });
    // The server answers an event it refuses before it closes the socket (same connection, in order).
    for (const r of acks) expect(r).toMatchObject({ ok: false, code: 'TOKEN_REVOCADO', status: 401 });
    expect(await db.select({ id: mensaje.id_mensaje }).from(mensaje).where(eq(mensaje.id_chat, id))).toHaveLength(1);
  });

  it('el límite de envío por cuenta es el mismo en los dos nodos', async () => {
    const estados: [string, number][] = [];
    for (let i = 0; i < MENSAJES_POR_VENTANA + 6; i++) {
      const n = i % 2 ? a : b;
      const r = await llamar(n.url, 'POST', '/api/paciente/mensajes', tokenPac, { id_chat: idChat, contenido: `r${i}` });
      estados.push([n === a ? 'A' : 'B', r.status]);
    }
    // One budget for the account: with a limiter per node each would have allowed its own 20.
    expect(estados.filter(([, s]) => s === 201).length).toBeLessThanOrEqual(MENSAJES_POR_VENTANA);
    expect(estados.some(([n, s]) => n === 'A' && s === 429)).toBe(true);
    expect(estados.some(([n, s]) => n === 'B' && s === 429)).toBe(true);
  });
});

async function hasta(cond: () => boolean, ms = 8000) {
  const limite = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, 25));
  }
}
