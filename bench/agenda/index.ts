// bench/agenda: how fast a committed agenda change reaches an open agenda, and how many bookings
// per second the server takes, printed beside a bare Socket.IO emit measured in the same run.
//   pnpm exec tsx bench/agenda/index.ts                        (embedded PGlite)
//   DATABASE_URL=postgres://… pnpm exec tsx bench/agenda/index.ts
// Loopback only, one process (server, clients and baseline share the event loop alike); prints
// figures, asserts nothing about timing.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { lunesDe, sumarDias } from '@miduelo/shared/citas-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
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

function percentil(xs: number[], p: number): number {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.floor((p / 100) * o.length))];
}
const ms = (x: number) => `${x.toFixed(2).padStart(7)} ms`;
function linea(nombre: string, xs: number[]) {
  console.log(`  ${nombre.padEnd(46)} p50 ${ms(percentil(xs, 50))}   p99 ${ms(percentil(xs, 99))}   (n=${xs.length})`);
}

const agente = new http.Agent({ keepAlive: true, maxSockets: 128 });
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
  const s = io(url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true });
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
  const nombre = `miduelo_bench_${randomBytes(4).toString('hex')}`;
  const a = postgres(raiz, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database ${nombre}`);
  await a.end();
  const u = new URL(raiz);
  u.pathname = `/${nombre}`;
  const handle = await abrirDb({ databaseUrl: u.toString(), dataDir: '', maxConexiones: 20 });
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
    const [p] = await handle.db
      .insert(psicologo)
      .values({
        nombre: `Bench${i}`,
        apellidoPaterno: 'Agenda',
        fecha_nacimiento: '1980-01-01',
        especialidad: 'Duelo',
        cedula: `77${String(i).padStart(6, '0')}`,
        telefono: '5500000000',
        correo: `bench${i}@agenda.mx`,
        contrasenaHash: 'x',
        codigo_vinculacion: `BA${i}`,
        cedula_validada: true,
        activadoEn: new Date(),
      })
      .returning();
    const pacs = await handle.db
      .insert(paciente)
      .values(
        [0, 1, 2].map((j) => ({
          nombre: `Paciente${j}`,
          apellido_paterno: 'Bench',
          email: `p${i}-${j}@agenda.mx`,
          telefono: '5511111111',
          fecha_nacimiento: '1990-01-01',
          id_psicologo: p.id_psicologo,
          activadoEn: new Date(),
        })),
      )
      .returning();
    const token = app.sesiones.firmarPsicologo({
      id_psicologo: p.id_psicologo,
      correo: p.correo,
      nombre: p.nombre,
      apellido: p.apellidoPaterno,
      rol_admin: false,
      version: 0,
    });
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

  // 3. Baseline: a bare Socket.IO server in this same process emitting the same payload.
  const desnudo = new Server({ serveClient: false });
  const srv = http.createServer();
  desnudo.attach(srv);
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const puerto = (srv.address() as AddressInfo).port;
  const conectados = new Promise<import('socket.io').Socket>((r) => desnudo.once('connection', r));
  const cliente = await conectar(`http://127.0.0.1:${puerto}`);
  const lado = await conectados;
  const cuerpo = JSON.parse(ultimoPayload);
  const baseLatencias: number[] = [];
  for (let k = 0; k < 20 + MUESTRAS; k++) {
    const llegada = new Promise<number>((r) => cliente.once('cita:cambio', () => r(performance.now())));
    const t0 = performance.now();
    lado.emit('cita:cambio', cuerpo);
    const t1 = await llegada;
    if (k >= 20) baseLatencias.push(t1 - t0);
  }
  let recibidos = 0;
  const total = RESERVAS * 10;
  const todos = new Promise<void>((r) =>
    cliente.on('cita:cambio', () => {
      if (++recibidos === total) r();
    }),
  );
  const tb = performance.now();
  for (let k = 0; k < total; k++) lado.emit('cita:cambio', cuerpo);
  await todos;
  const emitsPorSegundo = total / ((performance.now() - tb) / 1000);

  console.log('\n  Latencia (una a la vez)');
  linea('referencia: emit Socket.IO desnudo → cliente', baseLatencias);
  linea('commit → evento en la agenda abierta', commitAEvento);
  linea('POST /citas enviado → evento en la agenda', peticionAEvento);
  console.log(`\n  Reservas por segundo (concurrencia ${CONCURRENCIA}, ${RESERVAS} reservas por ronda)`);
  console.log(`  ${'referencia: emits Socket.IO desnudos'.padEnd(46)} ${emitsPorSegundo.toFixed(0).padStart(8)} /s`);
  console.log(`  ${`reservas en ${PSICOLOGOS} agendas`.padEnd(46)} ${repartidas.porSegundo.toFixed(1).padStart(8)} /s`);
  console.log(`  ${'reservas en una sola agenda (bloqueo por fila)'.padEnd(46)} ${unSolo.porSegundo.toFixed(1).padStart(8)} /s`);
  console.log('\n  Latencia commit → evento bajo carga');
  linea(`reservas en ${PSICOLOGOS} agendas`, repartidas.latencias);
  linea('reservas en una sola agenda', unSolo.latencias);

  cliente.close();
  desnudo.close();
  srv.close();
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
