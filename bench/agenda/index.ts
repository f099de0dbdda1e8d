// bench/agenda: how fast a committed agenda change reaches an open agenda, and how many bookings
// per second the server takes, printed beside a bare Socket.IO emit measured in the same run.
//   pnpm exec tsx bench/agenda/index.ts                        (embedded PGlite)
//   DATABASE_URL=postgres://… pnpm exec tsx bench/agenda/index.ts
// Loopback only, one process (server, clients and baseline share the event loop alike); prints
// figures, asserts nothing about timing.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { lunesDe, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { agenteKeepAlive } from '../comun/agente';
import { percentil as percentilOrdenado } from '../comun/percentil';
import { insertarPacientes, insertarPsicologos, tokenDePsicologo } from '../comun/practica';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';

const MUESTRAS = Number(process.env.BENCH_MUESTRAS ?? 300);
const PSICOLOGOS = Number(process.env.BENCH_PSICOLOGOS ?? 8);
const CONCURRENCIA = Number(process.env.BENCH_CONCURRENCIA ?? 16);
const RESERVAS = Number(process.env.BENCH_RESERVAS ?? 600);
const LIMITE_MS = 5 * 60_000;

setTimeout(() => {
  console.error('bench/agenda: se alcanzó el límite de 5 minutos; se detiene.');
  process.exit(2);
}, LIMITE_MS).unref();

// ---------- measuring helpers ----------

/** Nearest-rank percentile of unsorted samples (the shared definition, as bench/chat and bench/foros). */
function percentil(xs: number[], p: number): number {
  const ordenadas = [...xs].sort((a, b) => a - b);
  return percentilOrdenado(ordenadas, p);
}
const ms = (x: number) => `${x.toFixed(2).padStart(7)} ms`;
function linea(nombre: string, xs: number[]) {
  console.log(`  ${nombre.padEnd(78)} p50 ${ms(percentil(xs, 50))}   p99 ${ms(percentil(xs, 99))}   (n=${xs.length})`);
}

const agente = agenteKeepAlive(128);
function pedir(url: string, metodo: string, token: string, cuerpo?: object): Promise<{ status: number; json: unknown }> {
  const datos = cuerpo ? JSON.stringify(cuerpo) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: metodo,
        agent: agente,
        headers: {
          authorization: `Bearer ${token}`,
          ...(datos ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(datos) } : {}),
        },
      },
      (res) => {
        const trozos: Buffer[] = [];
        res.on('data', (t: Buffer) => trozos.push(t));
        res.on('end', () => {
          const texto = Buffer.concat(trozos).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: texto ? JSON.parse(texto) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(datos);
  });
}

function conectar(url: string, token?: string): Promise<Socket> {
  return conectarCon(url, token ? { token } : {});
}
function conectarCon(url: string, auth: object): Promise<Socket> {
  const s = io(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** Every free quarter-hour of the default availability (Mon–Fri 09:00–18:30), from next week on. */
function* huecos(): Generator<{ fecha: string; hora_inicio: string }> {
  let lunes = sumarDias(lunesDe(fechaEnZona(new Date(), ZONA_CLINICA_DEFECTO)), 7);
  for (;;) {
    for (let d = 0; d < 5; d++) {
      for (let m = 9 * 60; m + 15 <= 18 * 60 + 30; m += 15) {
        yield {
          fecha: sumarDias(lunes, d),
          hora_inicio: `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
        };
      }
    }
    lunes = sumarDias(lunes, 7);
  }
}

// ---------- set-up ----------

async function baseDeDatos() {
  const raiz = process.env.DATABASE_URL ?? null;
  if (!raiz) {
    const handle = await abrirDb({ databaseUrl: null, dataDir: '', enMemoria: true });
    await aplicarMigraciones(handle, null);
    return { handle, limpiar: async () => {} };
  }
  const nombre = `${process.env.BENCH_DB_PREFIJO ?? 'bench_agenda'}_${randomBytes(4).toString('hex')}`;
  const a = postgres(raiz, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre}`);
  await a.end();
  const u = new URL(raiz);
  u.pathname = `/${nombre}`;
  // The production pool size (db/client.ts default).
  const handle = await abrirDb({ databaseUrl: u.toString(), dataDir: '' });
  await aplicarMigraciones(handle, u.toString());
  return {
    handle,
    limpiar: async () => {
      const b = postgres(raiz, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists ${nombre} with (force)`);
      await b.end();
    },
  };
}

async function main() {
  const { handle, limpiar } = await baseDeDatos();
  const config = leerConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/miduelo-bench' }, { jwtSecret: randomBytes(32).toString('hex') });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const practicas: Array<{ id: number; token: string; pacientes: number[] }> = [];
  for (let i = 0; i < PSICOLOGOS; i++) {
    const [p] = await insertarPsicologos(handle.db, 1, () => ({
      nombre: `Bench${i}`,
      apellidoPaterno: 'Agenda',
      cedula: `77${String(i).padStart(6, '0')}`,
      correo: `bench${i}@agenda.mx`,
      codigo_vinculacion: `BA${i}`,
    }));
    const pacs = await insertarPacientes(
      handle.db,
      3,
      () => p.id_psicologo,
      (j) => ({ nombre: `Paciente${j}`, email: `p${i}-${j}@agenda.mx` }),
    );
    const token = tokenDePsicologo(app, p);
    practicas.push({ id: p.id_psicologo, token, pacientes: pacs.map((x) => x.id_paciente) });
  }

  // Commit → event: the agenda service calls realtime.emitir right after its transaction commits;
  // the mark is taken there and compared with the arrival at the connected agenda (same clock).
  const emitidoEn = new Map<number, number>();
  const emitirOriginal = app.realtime.emitir.bind(app.realtime);
  app.realtime.emitir = ((salas, evento, ...args) => {
    if (evento === 'cita:cambio') emitidoEn.set((args[0] as { cita: { id_cita: number } }).cita.id_cita, performance.now());
    emitirOriginal(salas, evento, ...args);
  }) as typeof app.realtime.emitir;

  const sockets = await Promise.all(practicas.map((p) => conectar(base, p.token)));
  const llegadas = new Map<number, number>();
  const esperando = new Map<number, () => void>();
  for (const s of sockets) {
    s.on('cita:cambio', (e: { cita: { id_cita: number } }) => {
      llegadas.set(e.cita.id_cita, performance.now());
      esperando.get(e.cita.id_cita)?.();
    });
  }

  const libres = practicas.map(() => huecos());
  let ultimoPayload = '';
  async function reservar(i: number): Promise<{ id: number; enviadoEn: number } | null> {
    const p = practicas[i];
    const hueco = libres[i].next().value as { fecha: string; hora_inicio: string };
    const enviadoEn = performance.now();
    const r = await pedir(`${base}/api/psicologo/citas`, 'POST', p.token, {
      id_paciente: p.pacientes[0],
      ...hueco,
      duracion: 15,
      modalidad: 'Presencial',
      estado: 'pendiente',
    });
    if (r.status !== 201) throw new Error(`reserva respondió ${r.status}: ${JSON.stringify(r.json)}`);
    ultimoPayload = JSON.stringify({ tipo: 'creada', por: 'psicologo', cita: r.json });
    return { id: (r.json as { id_cita: number }).id_cita, enviadoEn };
  }
  const esperarEvento = (id: number) => (llegadas.has(id) ? Promise.resolve() : new Promise<void>((resolve) => esperando.set(id, resolve)));

  console.log(`bench/agenda — ${handle.kind}, ${PSICOLOGOS} psicólogos con su agenda abierta, ${MUESTRAS} muestras de latencia`);

  // Warm-up (JIT, pools, prepared plans).
  for (let k = 0; k < 20; k++) await esperarEvento((await reservar(k % PSICOLOGOS))!.id);

  // 1. Latency, one change at a time (no queueing).
  const commitAEvento: number[] = [];
  const peticionAEvento: number[] = [];
  for (let k = 0; k < MUESTRAS; k++) {
    const r = (await reservar(k % PSICOLOGOS))!;
    await esperarEvento(r.id);
    commitAEvento.push(llegadas.get(r.id)! - emitidoEn.get(r.id)!);
    peticionAEvento.push(llegadas.get(r.id)! - r.enviadoEn);
  }

  // 2. Booking throughput: CONCURRENCIA clients booking distinct slots, spread over every
  //    psychologist, then all on one psychologist (serialised by the booking lock).
  async function rafaga(elegir: (k: number) => number) {
    let siguiente = 0;
    const latencias: number[] = [];
    const inicio = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCIA }, async () => {
        while (siguiente < RESERVAS) {
          const k = siguiente++;
          const r = (await reservar(elegir(k)))!;
          await esperarEvento(r.id);
          latencias.push(llegadas.get(r.id)! - emitidoEn.get(r.id)!);
        }
      }),
    );
    return { porSegundo: RESERVAS / ((performance.now() - inicio) / 1000), latencias };
  }
  const repartidas = await rafaga((k) => k % PSICOLOGOS);
  const unSolo = await rafaga(() => 0);

  // 3. Baseline: bare Fastify + Socket.IO in this same process, on the same database handle (the
  //    same driver and pool): POST → one INSERT of the same row into a table shaped like `cita`
  //    → emit of the same payload to the psychologist's room → the client connected there.
  await handle.db.execute(sql`create table if not exists cita_piso (like cita including all)`);
  const bare = Fastify({ logger: false });
  const ioBare = new Server(bare.server, { serveClient: false });
  ioBare.on('connection', (s) => void s.join(`psicologo:${Number((s.handshake.auth as { id?: unknown }).id)}`));
  const cuerpo = JSON.parse(ultimoPayload);
  let nBare = 0;
  bare.post('/citas', async (request, reply) => {
    const b = request.body as { id_psicologo: number; id_paciente: number; fecha: string; hora_inicio: string; duracion: number };
    const id = ++nBare;
    await handle.db.execute(
      sql`insert into cita_piso (id_cita, id_agenda, id_psicologo, id_paciente, fecha, hora_inicio, hora_fin, duracion, modalidad, estado)
          values (${id}, 1, ${b.id_psicologo}, ${b.id_paciente}, ${b.fecha}, ${b.hora_inicio}::time, ${b.hora_inicio}::time + make_interval(mins => ${b.duracion}), ${b.duracion}, 'Presencial', 'pendiente')`,
    );
    ioBare.to(`psicologo:${b.id_psicologo}`).emit('cita:cambio', { ...cuerpo, cita: { ...cuerpo.cita, id_cita: id } });
    return reply.status(201).send({ id_cita: id });
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const baseBare = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  const clientesBare = await Promise.all(practicas.map((p) => conectarCon(baseBare, { id: p.id })));
  const llegadasBare = new Map<number, number>();
  const esperandoBare = new Map<number, () => void>();
  for (const c of clientesBare) {
    c.on('cita:cambio', (e: { cita: { id_cita: number } }) => {
      llegadasBare.set(e.cita.id_cita, performance.now());
      esperandoBare.get(e.cita.id_cita)?.();
    });
  }
  const libresBare = practicas.map(() => huecos());
  async function reservarBare(i: number) {
    const p = practicas[i];
    const hueco = libresBare[i].next().value as { fecha: string; hora_inicio: string };
    const enviadoEn = performance.now();
    const r = await pedir(`${baseBare}/citas`, 'POST', p.token, {
      id_psicologo: p.id,
      id_paciente: p.pacientes[0],
      ...hueco,
      duracion: 15,
    });
    const id = (r.json as { id_cita: number }).id_cita;
    if (!llegadasBare.has(id)) await new Promise<void>((res) => esperandoBare.set(id, res));
    return llegadasBare.get(id)! - enviadoEn;
  }
  for (let k = 0; k < 20; k++) await reservarBare(k % PSICOLOGOS);
  const baseLatencias: number[] = [];
  for (let k = 0; k < MUESTRAS; k++) baseLatencias.push(await reservarBare(k % PSICOLOGOS));
  let siguienteBare = 0;
  const tb = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCIA }, async () => {
      while (siguienteBare < RESERVAS) {
        const k = siguienteBare++;
        await reservarBare(k % PSICOLOGOS);
      }
    }),
  );
  const emitsPorSegundo = RESERVAS / ((performance.now() - tb) / 1000);

  console.log('\n  Latencia (una a la vez)');
  linea('referencia: Fastify + Socket.IO desnudos, POST → 1 INSERT → evento en otro cliente', baseLatencias);
  linea('MiDuelo: POST /citas enviado → evento en la agenda abierta (otro cliente)', peticionAEvento);
  linea('(diagnóstico) commit → evento, sin el trabajo del servidor', commitAEvento);
  console.log(
    `  MiDuelo / referencia, p50: ${(percentil(peticionAEvento, 50) / percentil(baseLatencias, 50)).toFixed(2)} × · p99: ${(percentil(peticionAEvento, 99) / percentil(baseLatencias, 99)).toFixed(2)} ×`,
  );
  console.log(`\n  Reservas por segundo (concurrencia ${CONCURRENCIA}, ${RESERVAS} reservas por ronda)`);
  console.log(`  ${'referencia: POST → INSERT → emit desnudos'.padEnd(46)} ${emitsPorSegundo.toFixed(1).padStart(8)} /s`);
  console.log(`  ${`reservas en ${PSICOLOGOS} agendas`.padEnd(46)} ${repartidas.porSegundo.toFixed(1).padStart(8)} /s`);
  console.log(`  ${'reservas en una sola agenda (bloqueo por fila)'.padEnd(46)} ${unSolo.porSegundo.toFixed(1).padStart(8)} /s`);
  console.log('\n  Latencia commit → evento bajo carga');
  linea(`reservas en ${PSICOLOGOS} agendas`, repartidas.latencias);
  linea('reservas en una sola agenda', unSolo.latencias);

  for (const c of clientesBare) c.close();
  ioBare.close();
  await bare.close();
  console.log(
    `\n  carga de la máquina (1 / 5 / 15 min): ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ')} en ${os.cpus().length} núcleos`,
  );
  for (const s of sockets) s.close();
  await app.close();
  await handle.close();
  await limpiar();
  agente.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
