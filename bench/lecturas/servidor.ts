// The two servers of bench/lecturas, one per process (MODO): `app` — the real MiDuelo app on a
// fresh database it migrates and seeds (one psychologist, BENCH_PACIENTES patients, BENCH_CITAS
// appointments in one week), which records the SQL its two list endpoints run; `desnudo` — bare
// Fastify + postgres.js (the same pool size) running exactly that SQL with the same parameters
// and answering the rows, with no auth, no schema and no hooks.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import type { DbOrTx } from '@miduelo/server/db/client';
import { insertarPacientes, insertarPsicologos, tokenDePsicologo } from '../comun/practica';
import { schema } from '@miduelo/server/db/schema/index';
import { lunesDe, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { drizzle } from 'drizzle-orm/postgres-js';
import Fastify from 'fastify';
import postgres from 'postgres';

const POOL = 10;
const PACIENTES = Number(process.env.BENCH_PACIENTES ?? 200);
const CITAS = Number(process.env.BENCH_CITAS ?? 50);

export interface Consulta {
  texto: string;
  parametros: unknown[];
}
export interface Listo {
  tipo: 'listo';
  url: string;
  token?: string;
  rutas?: { lista: string; semana: string };
  consultas?: { lista: Consulta[]; semana: Consulta[] };
}

async function app(url: string) {
  const h = await abrirDb({ databaseUrl: url, dataDir: '', maxConexiones: 1 });
  await aplicarMigraciones(h, url);
  await h.close();
  const cliente = postgres(url, { max: POOL, onnotice: () => {} });
  const db = drizzle(cliente, { schema });
  const config = leerConfig(
    { LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench-lecturas' },
    { jwtSecret: randomBytes(32).toString('hex') },
  );
  const miduelo = await buildApp({ config, db: db as never, logger: false });
  await miduelo.ready();
  const ahora = new Date();
  const base = db as unknown as DbOrTx;
  const [psi] = await insertarPsicologos(base, 1, () => ({
    nombre: 'Psi',
    cedula: '12345678',
    correo: 'psi@bench.mx',
    codigo_vinculacion: 'BENCH1',
  }));
  const pacs = await insertarPacientes(
    base,
    PACIENTES,
    () => psi.id_psicologo,
    (j) => ({ nombre: `Paciente${j}`, apellido_materno: 'Lecturas' }),
  );
  const token = tokenDePsicologo(miduelo, psi);
  const lunes = sumarDias(lunesDe(fechaEnZona(ahora, ZONA_CLINICA_DEFECTO)), 7);
  for (let k = 0; k < CITAS; k++) {
    const d = k % 5;
    const m = 9 * 60 + Math.floor(k / 5) * 30;
    const r = await miduelo.inject({
      method: 'POST',
      url: '/api/psicologo/citas',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        id_paciente: pacs[k % pacs.length].id_paciente,
        fecha: sumarDias(lunes, d),
        hora_inicio: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
        duracion: 30,
        modalidad: 'Presencial',
        estado: 'pendiente',
      },
    });
    if (r.statusCode !== 201) throw new Error(`cita ${k}: ${r.statusCode} ${r.body}`);
  }
  await cliente`analyze`;
  const ag = await miduelo.inject({
    url: `/api/psicologo/agenda/${psi.id_psicologo}?semana_inicio=${lunes}`,
    headers: { authorization: `Bearer ${token}` },
  });
  const idAgenda = (ag.json() as { agenda: { id_agenda: number } }).agenda.id_agenda;
  const rutas = { lista: '/api/psicologo/lista-pacientes', semana: `/api/psicologo/citas/${idAgenda}` };
  // The SQL is recorded by a second app on a client with postgres.js `debug`, closed before the
  // load: with `debug` set, postgres.js builds an Error (a stack capture) for every query, which
  // the served app must not pay (4.1 % of its CPU in the week's profile).
  let capturas: Consulta[] | null = null;
  const clienteCaptura = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_c: number, texto: string, parametros: unknown[]) => {
      capturas?.push({ texto, parametros });
    },
  });
  const captura = await buildApp({ config, db: drizzle(clienteCaptura, { schema }) as never, logger: false });
  await captura.ready();
  const capturar = async (ruta: string) => {
    // Twice: the first request fills the session cache; the second runs only the list's SQL.
    await captura.inject({ url: ruta, headers: { authorization: `Bearer ${token}` } });
    capturas = [];
    const r = await captura.inject({ url: ruta, headers: { authorization: `Bearer ${token}` } });
    if (r.statusCode !== 200) throw new Error(`${ruta}: ${r.statusCode}`);
    const c = capturas;
    capturas = null;
    return c;
  };
  const consultas = { lista: await capturar(rutas.lista), semana: await capturar(rutas.semana) };
  await captura.close();
  await clienteCaptura.end();
  await Promise.all(Array.from({ length: POOL }, () => cliente`select pg_sleep(0.05)`));
  await miduelo.listen({ port: 0, host: '127.0.0.1' });
  const dir = miduelo.server.address();
  const listo: Listo = {
    tipo: 'listo',
    url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '',
    token,
    rutas,
    consultas,
  };
  process.send?.(listo);
  return async () => {
    await miduelo.close();
    await cliente.end();
  };
}

async function desnudo(url: string) {
  const consultas = JSON.parse(process.env.BENCH_CONSULTAS ?? '{}') as { lista: Consulta[]; semana: Consulta[] };
  const sql = postgres(url, { max: POOL, onnotice: () => {} });
  const f = Fastify({ logger: false });
  const correr = async (cs: Consulta[]) => {
    let filas: unknown = null;
    for (const c of cs) filas = await sql.unsafe(c.texto, c.parametros as never[], { prepare: true });
    return filas;
  };
  f.get('/lista', () => correr(consultas.lista));
  f.get('/semana', () => correr(consultas.semana));
  await Promise.all(Array.from({ length: POOL }, () => sql`select pg_sleep(0.05)`));
  await f.listen({ port: 0, host: '127.0.0.1' });
  const dir = f.server.address();
  process.send?.({ tipo: 'listo', url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '' } satisfies Listo);
  return async () => {
    await f.close();
    await sql.end();
  };
}

let sesionPerfil: inspector.Session | null = null;

async function main() {
  const url = process.env.BENCH_DB_URL;
  if (!url) throw new Error('BENCH_DB_URL');
  const cerrar = process.env.MODO === 'desnudo' ? await desnudo(url) : await app(url);
  process.on('message', async (m: { tipo?: string; archivo?: string }) => {
    // bench/lecturas/perfil.ts: a CPU profile of the load window only (not the start or the seed).
    if (m?.tipo === 'perfil-empezar') {
      sesionPerfil = new inspector.Session();
      sesionPerfil.connect();
      await sesionPerfil.post('Profiler.enable');
      await sesionPerfil.post('Profiler.setSamplingInterval', { interval: 200 });
      await sesionPerfil.post('Profiler.start');
      process.send?.({ tipo: 'perfil-empezado' });
      return;
    }
    if (m?.tipo === 'perfil-parar' && sesionPerfil && m.archivo) {
      const { profile } = await sesionPerfil.post('Profiler.stop');
      writeFileSync(m.archivo, JSON.stringify(profile));
      process.send?.({ tipo: 'perfil-escrito' });
      return;
    }
    if (m?.tipo !== 'cerrar') return;
    await cerrar();
    process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
