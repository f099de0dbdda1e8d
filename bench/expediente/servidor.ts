// A server process of bench/expediente: `BENCH_MODO=miduelo` is the real MiDuelo app (auth, the
// patient check, decryption, an audit row per read); `BENCH_MODO=base` is a bare Fastify answering
// the same three SELECTs on the same data (no auth, no audit, ciphertext returned as it is).
// Each migrates its own fresh database (embedded PGlite, or BENCH_DB_URL through postgres.js),
// seeds the same practice and reports its URL over IPC.
import { randomBytes } from 'node:crypto';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { cifrarColumnas } from '@miduelo/server/db/cifrar-pendientes';
import { chat } from '@miduelo/server/db/schema/chat';
import { COLUMNAS_CIFRADAS } from '@miduelo/server/modules/expediente/repo';
import { nota } from '@miduelo/server/db/schema/expediente';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import { atenderAlPadre } from '../comun/hijo';
import { insertarPacientes, insertarPsicologos, tokenDePsicologo } from '../comun/practica';

export const PACIENTES = Number(process.env.BENCH_PACIENTES ?? 300);
export const NOTAS = Number(process.env.BENCH_NOTAS ?? 40);
export const APLICACIONES = Number(process.env.BENCH_APLICACIONES ?? 20);
/** Patients with a chat (the chat-latency phase sends from them). */
export const CHATS = 5;
const MODO = process.env.BENCH_MODO ?? 'miduelo';
const POOL = 10;

export interface ServidorBench {
  url: string;
  base: string;
  tokenPsicologo: string;
  pacientes: number[];
  tokensPacientes: string[];
  chats: number[];
  aplicaciones: number[];
  sembradoMs: number;
}

// The same statements the MiDuelo repo runs (modules/expediente/repo.ts), written out.
const SQL_NOTAS = (id: number) =>
  sql`select id_nota, id_paciente, titulo, contenido, tipo, id_aplicacion, fecha_creacion, fecha_actualizacion, version
        from nota where id_paciente = ${id} order by fecha_creacion desc, id_nota desc`;
const SQL_HISTORIAL = (id: number) =>
  sql`select a.id_aplicacion, a.id_test, a.id_paciente, a.id_psicologo, a.fecha, a.estado, a.puntaje_total, a.interpretacion,
             a.riesgo, t.nombre, t.tipo_escala
        from aplicacion_test a join test t on t.id_test = a.id_test
       where a.id_paciente = ${id} order by a.fecha desc, a.id_aplicacion desc`;
const SQL_EVOLUCION = (id: number) =>
  sql`select a.id_aplicacion, a.id_test, a.fecha, t.nombre, a.puntaje_total, a.interpretacion, a.riesgo
        from aplicacion_test a join test t on t.id_test = a.id_test
       where a.id_paciente = ${id} and a.estado = 'completado' order by a.fecha asc, a.id_aplicacion asc`;

const filas = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows);

/** With BENCH_DB_URL each server gets a fresh database of its own on that PostgreSQL. */
async function baseDeDatos(): Promise<string | null> {
  const url = process.env.BENCH_DB_URL;
  if (!url) return null;
  const nombre = `bench_expediente_${MODO}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${nombre} with (force)`);
  await admin.unsafe(`create database ${nombre}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  return u.toString();
}

async function main() {
  const url = await baseDeDatos();
  const handle = await abrirDb({ databaseUrl: url, dataDir: '', enMemoria: true, maxConexiones: POOL });
  await aplicarMigraciones(handle, url);
  const db = handle.db;
  const config = leerConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench-expediente', ENCRYPTION_KEY: randomBytes(32).toString('base64') },
    { jwtSecret: randomBytes(32).toString('hex'), limites: { porIp: 1e9, porCuenta: 1e9, ventanaMs: 60_000 } },
  );
  const app = MODO === 'miduelo' ? await buildApp({ config, db, logger: false }) : null;
  if (app) await app.ready();

  // ---- The practice: 1 psychologist × PACIENTES × NOTAS notes × APLICACIONES applications ----
  const t0 = performance.now();
  const ahora = new Date();
  const [psi] = await insertarPsicologos(db, 1, () => ({
    nombre: 'Psi',
    especialidad: 'Tanatología',
    cedula: '12345678',
    correo: 'psi@bench.mx',
    codigo_vinculacion: 'BENCH1',
  }));
  const pacs = await insertarPacientes(db, PACIENTES, () => psi.id_psicologo);
  // Applications and their answers in SQL (scores as the rules would give: not the point here).
  await db.execute(sql`
    insert into aplicacion_test (id_test, id_paciente, id_psicologo, fecha, estado, puntaje_total, interpretacion, riesgo)
    select t.id_test, p.id_paciente, ${psi.id_psicologo}, now() - (g * interval '7 days'), 'completado', 40 + (g * 3) % 50,
           'Intensidad de duelo moderada (banda descriptiva, no validada)', false
      from paciente p cross join generate_series(1, ${APLICACIONES}) g
      join test t on t.clave = (array['itrd','icg','tamizaje-duelo'])[1 + g % 3]
     where p.id_psicologo = ${psi.id_psicologo}`);
  await db.execute(sql`
    insert into respuesta_test (id_aplicacion, id_pregunta, respuesta)
    select a.id_aplicacion, q.id_pregunta, case q.tipo_respuesta when 'escala' then (1 + (a.id_aplicacion + q.orden) % 5)::text
                                                              when 'si_no' then 'no' else 'texto' end
      from aplicacion_test a join test_pregunta q on q.id_test = a.id_test`);
  const cif = app?.ctx.cifrador ?? (await import('@miduelo/server/comun/cifrado')).crearCifrador(config.llaves);
  // Results and answers encrypted (and padded) as the start-up step encrypts rows stored in plain
  // (decision 335): the app reads what the API would have written.
  await cifrarColumnas(db, cif, COLUMNAS_CIFRADAS);
  // Notes, encrypted exactly as the API writes them (the base server reads the same ciphertext).
  const texto =
    'Sesión de seguimiento: habló del aniversario, del insomnio y de la carta que escribió a su padre. Acordamos retomar el ejercicio de respiración.';
  const lote: (typeof nota.$inferInsert)[] = [];
  for (const p of pacs)
    for (let k = 0; k < NOTAS; k++)
      lote.push({
        id_paciente: p.id_paciente,
        id_psicologo: psi.id_psicologo,
        tipo: 'general',
        titulo: cif.cifrar(`Nota ${k + 1}`, 'nota.titulo'),
        contenido: cif.cifrar(texto, 'nota.contenido'),
        fecha_creacion: new Date(ahora.getTime() - k * 86_400_000),
        fecha_actualizacion: new Date(ahora.getTime() - k * 86_400_000),
      });
  for (let i = 0; i < lote.length; i += 1000) await db.insert(nota).values(lote.slice(i, i + 1000));
  const chats = await db
    .insert(chat)
    .values(pacs.slice(0, CHATS).map((p) => ({ tipo: 'paciente', id_psicologo: psi.id_psicologo, id_paciente: p.id_paciente })))
    .returning();
  await db.execute(sql`analyze`);
  const sembradoMs = performance.now() - t0;
  const aplicaciones = filas(await db.execute(sql`select id_aplicacion from aplicacion_test order by id_aplicacion limit 200`)) as {
    id_aplicacion: number;
  }[];

  let servidor: { listen(o: object): Promise<string>; server: import('node:http').Server; close(): Promise<void> };
  if (app) servidor = app as never;
  else {
    const f = Fastify({ logger: false });
    f.get('/notas/:id', async (r) => filas(await db.execute(SQL_NOTAS(Number((r.params as { id: string }).id)))));
    f.get('/tests/:id', async (r) => filas(await db.execute(SQL_HISTORIAL(Number((r.params as { id: string }).id)))));
    f.get('/graficas/:id', async (r) => filas(await db.execute(SQL_EVOLUCION(Number((r.params as { id: string }).id)))));
    servidor = f as never;
  }
  await Promise.all(Array.from({ length: POOL }, () => db.execute(sql`select 1`)));
  await servidor.listen({ port: 0, host: '127.0.0.1' });
  const dir = servidor.server.address();
  const datos: ServidorBench = {
    url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '',
    base: handle.kind,
    tokenPsicologo: app ? tokenDePsicologo(app, psi) : '',
    pacientes: pacs.map((p) => p.id_paciente),
    tokensPacientes: app
      ? pacs
          .slice(0, CHATS)
          .map((p) => app.sesiones.firmarPaciente({ id_paciente: p.id_paciente, nombre: p.nombre, apellido: 'Bench', version: 0 }))
      : [],
    chats: chats.map((c) => c.id_chat),
    aplicaciones: aplicaciones.map((a) => a.id_aplicacion),
    sembradoMs,
  };
  atenderAlPadre(async () => {
    await servidor.close();
    await handle.close();
  });
  process.send?.({ tipo: 'listo', ...datos });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
