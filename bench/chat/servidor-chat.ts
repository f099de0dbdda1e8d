// The real MiDuelo server for bench/chat, in its own process (as in production, the load generator
// does not share its event loop): migrates a fresh database, seeds the practice, listens on
// loopback and reports its URL, tokens and chats to the parent over IPC.
import { randomBytes } from 'node:crypto';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { chat } from '@miduelo/server/db/schema/chat';
import { sql } from 'drizzle-orm';
import { atenderAlPadre, opcionesDePing } from '../comun/hijo';
import { insertarPacientes, insertarPsicologos, tokenDePsicologo } from '../comun/practica';

export interface PracticaBench {
  url: string;
  base: 'postgres' | 'pglite';
  /** One token per account: psychologists first, then patients. */
  tokens: string[];
  /** Each chat with the account indexes of its psychologist and patient. */
  chats: { id_chat: number; psi: number; pac: number }[];
}

const PSICOLOGOS = Number(process.env.BENCH_PSICOLOGOS ?? 50);
const PACIENTES_POR = Number(process.env.BENCH_PACIENTES_POR ?? 4);
/** History of every conversation before measuring, and how many of its last messages are unread. */
const HISTORIA = Number(process.env.BENCH_HISTORIA ?? 50);
const NO_LEIDOS = Number(process.env.BENCH_NO_LEIDOS ?? 12);
/** The server's default pool size (db/client.ts). */
const POOL = 10;

async function main() {
  const url = process.env.BENCH_DB_URL || null;
  const handle = await abrirDb({ databaseUrl: url, dataDir: '', enMemoria: true, maxConexiones: POOL });
  await aplicarMigraciones(handle, url);
  const db = handle.db;
  // Sessions are signed directly: no password is ever checked in this benchmark.
  const psis = await insertarPsicologos(db, PSICOLOGOS);
  const pacs = await insertarPacientes(db, PSICOLOGOS * PACIENTES_POR, (j) => psis[j % PSICOLOGOS].id_psicologo);
  const chats = await db
    .insert(chat)
    .values(pacs.map((p) => ({ tipo: 'paciente', id_psicologo: p.id_psicologo, id_paciente: p.id_paciente })))
    .returning();

  // BENCH_SIN_REFRESCO=1: without the periodic refresh of open sockets' session checks (decision
  // 239), to compare: each socket's first event after 5 min then reads its session first.
  const config = leerConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench-chat' },
    { jwtSecret: randomBytes(32).toString('hex'), ...(process.env.BENCH_SIN_REFRESCO === '1' ? { refrescoSesionesMs: 0 } : {}) },
  );
  const app = await buildApp({ config, db, logger: false });
  // History: HISTORIA messages per conversation, alternating sides, the last NO_LEIDOS of them
  // (the patient's) unread by the psychologist, counters to match; then the floor's table, shaped
  // like `mensaje`, with the same history; then statistics, as autovacuum would have them.
  const cifrado = app.ctx.cifrador.cifrar('Mensaje de la historia de esta conversación', 'mensaje.contenido');
  await db.execute(sql`
    insert into mensaje (id_chat, seq, remitente, contenido, huellas, leido, fecha_envio)
    select c.id_chat, s, case when s % 2 = 0 or s > ${HISTORIA - NO_LEIDOS} then 'paciente' else 'psicologo' end,
           ${cifrado}, '{}'::text[], s <= ${HISTORIA - NO_LEIDOS}, now() - make_interval(mins => ${HISTORIA} - s)
      from chat c, generate_series(1, ${HISTORIA}) s`);
  await db.execute(sql`update chat set ultimo_seq = ${HISTORIA}, rev = ${HISTORIA}, no_leidos_de_paciente = ${NO_LEIDOS}`);
  if (handle.kind === 'postgres') {
    await db.execute(sql`create table mensaje_piso (like mensaje including all)`);
    await db.execute(sql`insert into mensaje_piso select * from mensaje`);
    await db.execute(sql`analyze`);
  }
  // Open every pooled connection now, as a server that has already met its peak would have them:
  // postgres.js opens them lazily, and queries queued behind a connection being opened wait for it
  // (tens of ms to over a second on this VM), which would measure the pool's warm-up, not the chat.
  await Promise.all(Array.from({ length: POOL }, () => db.execute(sql`select pg_sleep(0.05)`)));
  // BENCH_PING_MS: the same ping interval as the floors (engine.io reads it at every ping).
  Object.assign((app.realtime.io.engine as unknown as { opts: object }).opts, opcionesDePing());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const dir = app.server.address();
  const indicePsi = new Map(psis.map((p, i) => [p.id_psicologo, i]));
  const indicePac = new Map(pacs.map((p, j) => [p.id_paciente, PSICOLOGOS + j]));
  const practica: PracticaBench = {
    url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '',
    base: handle.kind,
    tokens: [
      ...psis.map((p) => tokenDePsicologo(app, p)),
      ...pacs.map((p) =>
        app.sesiones.firmarPaciente({ id_paciente: p.id_paciente, nombre: p.nombre, apellido: p.apellido_paterno, version: 0 }),
      ),
    ],
    chats: chats.map((c) => ({
      id_chat: c.id_chat,
      psi: indicePsi.get(c.id_psicologo as number) as number,
      pac: indicePac.get(c.id_paciente as number) as number,
    })),
  };
  // The parent asks for this process's event-loop delay around each measured phase.
  atenderAlPadre(async () => {
    await app.close();
    await handle.close();
  });
  process.send?.({ tipo: 'listo', practica });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
