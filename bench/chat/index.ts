// bench/chat: end-to-end delivery latency of the live chat (send → durable commit → Socket.IO push)
// to every connection of both participants, beside a bare Socket.IO relay and beside the durable
// floor (a bare Socket.IO server doing one synchronous INSERT and an emit; the same over a bare
// HTTP POST), all in the same run, phases interleaved in rotating order and repeated (median and
// range), on a database with history (≥ 50 messages per conversation, unread backlogs), then a
// rate ramp printing the maximum sustainable rate of each path. Prints the load average.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm exec tsx bench/chat/index.ts
// Loopback only; bounded in time and count; stops by itself; creates and drops its own database.
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { agenteKeepAlive } from '../comun/agente';
import { discoTexto, LENTA_MS, sondaDeDisco } from '../comun/disco';
import type { ResumenGc } from '../comun/hijo';
import { mediana, percentil } from '../comun/percentil';
import {
  argumentosDePerfil,
  arrancarHijo,
  banderasDelServidor,
  banderasDeEntorno,
  baseDesechable,
  type CpuDeVentana,
  detenerHijo,
  directorioDeDatos,
  type Hijo,
  medirCpu,
  pedirRetraso,
  roboTexto,
} from '../comun/procesos';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import type { PracticaBench } from './servidor-chat';

let TASA = Number(process.env.BENCH_TASA ?? 200);
let DURACION_MS = Number(process.env.BENCH_MS ?? 5_000);
// Sends at the phase's rate before its window, not measured: long enough for a server's young
// generation, shrunk while it idled through the other phases, to grow back (decision 243).
let CALENTAMIENTO_MS = Number(process.env.BENCH_CALENTAMIENTO_MS ?? 5_000);
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
/** Rates of the ramp (messages/s), each for BENCH_RAMPA_MS; empty to skip the ramp. */
const RAMPA = (process.env.BENCH_RAMPA ?? '100,200,300,450').split(',').filter(Boolean).map(Number);
const RAMPA_MS = Number(process.env.BENCH_RAMPA_MS ?? 3_000);
/** A rate is sustained when every message arrives, none is refused, and p99 ≤ this. */
const RAMPA_P99_MS = 100;
const GRACIA_MS = 10_000;
const LIMITE_TOTAL_MS = 15 * 60_000;
/** Connections per account (laptop and phone by default). The issue's measurement: 1,000 pairs,
 * one socket each (BENCH_PSICOLOGOS=1000 BENCH_PACIENTES_POR=1 BENCH_CONEXIONES=1). */
const CONEXIONES_POR_CUENTA = Number(process.env.BENCH_CONEXIONES ?? 2);
/** Which phases to run: base (bare relay), piso-socket, socket, piso-http, http. */
const FASES = (process.env.BENCH_FASES ?? 'base,piso-socket,socket,piso-http,http').split(',');
/** Prints the p99 of every second of each measured window (see medir). */
const POR_SEGUNDO = process.env.BENCH_POR_SEGUNDO === '1';
const DIR = path.dirname(new URL(import.meta.url).pathname);

const pararTodo = setTimeout(() => {
  console.error(`bench/chat: se alcanzó el límite de ${LIMITE_TOTAL_MS / 60_000} minutos; se detiene.`);
  process.exit(2);
}, LIMITE_TOTAL_MS);

function arrancar<T>(archivo: string, env: NodeJS.ProcessEnv): Promise<Hijo<T>> {
  // MiDuelo's server with its production flags; BENCH_NODE_ARGS: more flags for every server process (say --trace-gc).
  const extra = banderasDeEntorno('BENCH_NODE_ARGS');
  const propias = archivo === 'servidor-chat.ts' ? banderasDelServidor() : [];
  return arrancarHijo<T>(path.join(DIR, archivo), env, [...propias, ...argumentosDePerfil(), ...extra]);
}

interface Retraso {
  p99: number;
  max: number;
}

/** When each set of sockets finished connecting (performance.now()): their engine.io pings come
 * every 25 s from about then. */
const conectados = new Map<Socket[], number>();
async function conectarTodos(url: string, auths: object[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < auths.length; i += 100) {
    const lote = auths.slice(i, i + 100).map((auth) => io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true }));
    await Promise.all(
      lote.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            s.once('connect', () => resolve());
            s.once('connect_error', (e) => reject(e));
          }),
      ),
    );
    sockets.push(...lote);
  }
  conectados.set(sockets, performance.now());
  return sockets;
}

/** The traffic: who writes in which conversation, spread so that no account exceeds its rate. */
interface Plan {
  cuentas: number;
  chats: { psi: number; pac: number }[];
  psicologos: number;
}
function turno(plan: Plan, k: number) {
  const n = plan.chats.length;
  const j = k % n;
  const c = plan.chats[j];
  // Alternate sides per round and per psychologist's chat so that each account sends evenly.
  const dePaciente = (Math.floor(k / n) + Math.floor(j / plan.psicologos)) % 2 === 1;
  return { chat: j, remitente: dePaciente ? c.pac : c.psi, destinatario: dePaciente ? c.psi : c.pac };
}

interface Resultado {
  nombre: string;
  aceptados: number;
  rechazados: number;
  errores: number;
  entregasEsperadas: number;
  entregas: number;
  duplicadas: number;
  mensajesIncompletos: number;
  latencias: number[];
  tasaReal: number;
  /** Event-loop delay of the server and of this load generator during the measured window. */
  retrasoServidor: Retraso;
  retrasoCliente: Retraso;
  /** The server's garbage-collection pauses in the measured window. */
  gcServidor: ResumenGc | null;
  /** The second of the window with the slowest delivery, and that delivery. */
  peorSegundo: { segundo: number; max: number };
  /** BENCH_POR_SEGUNDO: the p99 of each second of the measured window (ms). */
  porSegundo?: number[];
  /** performance.now() at the start of the measured window. */
  inicio: number;
  /** Time until the sender got its answer (HTTP response or socket ack): p99 and maximum. */
  respuesta: { p99: number; max: number };
  /** CPU time per message sent in the measured window (ms): the server process (every thread),
   * every PostgreSQL process of this machine, and this load generator; null where not readable. */
  cpu: CpuDeVentana;
}

/**
 * Sends at a fixed rate (open loop: a slow answer never delays the next send) and measures, per
 * delivery, the time from the send to its arrival on each connection of both participants.
 */
async function medir(
  nombre: string,
  servidor: Hijo<unknown>,
  plan: Plan,
  sockets: Socket[],
  evento: string,
  claveDe: (p: unknown) => string,
  enviar: (k: number, clave: string, t: ReturnType<typeof turno>) => Promise<'ok' | 'limitado' | 'error'>,
): Promise<Resultado> {
  const r: Resultado = {
    nombre,
    aceptados: 0,
    rechazados: 0,
    errores: 0,
    entregasEsperadas: 0,
    entregas: 0,
    duplicadas: 0,
    mensajesIncompletos: 0,
    latencias: [],
    tasaReal: 0,
    retrasoServidor: { p99: 0, max: 0 },
    gcServidor: null,
    retrasoCliente: { p99: 0, max: 0 },
    peorSegundo: { segundo: 0, max: 0 },
    respuesta: { p99: 0, max: 0 },
    cpu: { robo: null, servidor: null, postgres: null, escrituras: null, generador: 0 },
    inicio: 0,
  };
  const respuestas: number[] = [];
  let inicioMedido = 0;
  const porSegundo = new Map<number, number[]>();
  const envios = new Map<string, { t0: number; vistos: Set<number>; medir: boolean; aceptado: boolean }>();
  sockets.forEach((s, i) => {
    s.on(evento, (p: unknown) => {
      const e = envios.get(claveDe(p));
      if (!e) return;
      const t = performance.now();
      if (e.vistos.has(i)) {
        r.duplicadas++;
        return;
      }
      e.vistos.add(i);
      if (e.medir) {
        r.entregas++;
        r.latencias.push(t - e.t0);
        const segundo = Math.floor((e.t0 - inicioMedido) / 1000);
        const lista = porSegundo.get(segundo);
        if (lista) lista.push(t - e.t0);
        else porSegundo.set(segundo, [t - e.t0]);
      }
    });
  });
  const prefijo = randomBytes(4).toString('hex');
  const fase = async (ms: number, medirla: boolean, desde: number) => {
    const total = Math.round((ms / 1000) * TASA);
    const pendientes: Promise<void>[] = [];
    const inicio = performance.now();
    let k = 0;
    await new Promise<void>((resolve) => {
      const reloj = setInterval(() => {
        const debidos = Math.min(total, Math.floor(((performance.now() - inicio) / 1000) * TASA));
        for (; k < debidos; k++) {
          const t = turno(plan, desde + k);
          const clave = `${prefijo}${medirla ? 'm' : 'c'}${desde + k}`;
          const e = { t0: performance.now(), vistos: new Set<number>(), medir: medirla, aceptado: false };
          envios.set(clave, e);
          pendientes.push(
            enviar(desde + k, clave, t).then((estado) => {
              if (!medirla) return;
              respuestas.push(performance.now() - e.t0);
              if (estado === 'ok') {
                e.aceptado = true;
                r.aceptados++;
              } else if (estado === 'limitado') r.rechazados++;
              else r.errores++;
            }),
          );
        }
        if (k >= total) {
          clearInterval(reloj);
          resolve();
        }
      }, 2);
    });
    if (medirla) r.tasaReal = total / ((performance.now() - inicio) / 1000);
    await Promise.all(pendientes);
    return total;
  };
  const calentados = await fase(CALENTAMIENTO_MS, false, 0);
  await pedirRetraso(servidor.proceso);
  const retrasoCliente = monitorEventLoopDelay({ resolution: 5 });
  retrasoCliente.enable();
  const pid = servidor.proceso.pid ?? 0;
  const cpu = medirCpu(pid);
  inicioMedido = performance.now();
  r.inicio = inicioMedido;
  const enviados = await fase(DURACION_MS, true, calentados);
  r.cpu = cpu(enviados);
  retrasoCliente.disable();
  const retrasoServidor = await pedirRetraso(servidor.proceso);
  r.retrasoServidor = { p99: retrasoServidor.p99, max: retrasoServidor.max };
  r.gcServidor = retrasoServidor.gc;
  r.retrasoCliente = { p99: retrasoCliente.percentile(99) / 1e6, max: retrasoCliente.max / 1e6 };
  const segundos = [...porSegundo.keys()].sort((a, b) => a - b);
  for (const segundo of segundos) {
    const max = Math.max(...(porSegundo.get(segundo) ?? []));
    if (max > r.peorSegundo.max) r.peorSegundo = { segundo, max };
  }
  // BENCH_POR_SEGUNDO=1: the p99 of each second of the window (by send time), to see whether a
  // window's tail is spread or a few stalls, and when they fall.
  if (POR_SEGUNDO)
    r.porSegundo = segundos.map((s) =>
      percentil(
        (porSegundo.get(s) ?? []).sort((a, b) => a - b),
        99,
      ),
    );
  const rs = respuestas.sort((a, b) => a - b);
  r.respuesta = { p99: percentil(rs, 99), max: rs.at(-1) ?? 0 };
  // Stragglers get a grace period; whatever has not arrived by then is lost.
  const porConexion = CONEXIONES_POR_CUENTA * 2;
  const medidos = () => [...envios.values()].filter((e) => e.medir && e.aceptado);
  const limite = Date.now() + GRACIA_MS;
  while (Date.now() < limite && medidos().some((e) => e.vistos.size < porConexion)) await new Promise((res) => setTimeout(res, 100));
  r.entregasEsperadas = r.aceptados * porConexion;
  r.mensajesIncompletos = medidos().filter((e) => e.vistos.size < porConexion).length;
  for (const s of sockets) s.off(evento);
  return r;
}

const cpuTexto = (ms: number | null) => (ms === null ? 'n/d' : `${ms.toFixed(3)} ms`);
const escriturasTexto = (n: number | null) => (n === null ? 'n/d' : n.toFixed(2));
const gcTexto = (g: ResumenGc | null) =>
  g
    ? `GC del servidor: ${g.menores.n} menores (máx ${g.menores.max.toFixed(1)} ms, ${g.menores.ms.toFixed(0)} ms en total), ${g.mayores.n} mayores (máx ${g.mayores.max.toFixed(1)} ms, ${g.mayores.ms.toFixed(0)} ms)`
    : 'GC del servidor: n/d';

function imprimirRetrasos(rs: Resultado[]) {
  console.log(
    '\n  CPU por mensaje enviado en la ventana medida: proceso del servidor (todos sus hilos), PostgreSQL (todos sus procesos), este generador; escrituras: llamadas write/writev del servidor por mensaje (a PostgreSQL, a los sockets de los clientes, al registro)',
  );
  for (const r of rs) {
    console.log(
      `  ${r.nombre.padEnd(38)} servidor ${cpuTexto(r.cpu.servidor)} · PostgreSQL ${cpuTexto(r.cpu.postgres)} · generador ${cpuTexto(r.cpu.generador)} · escrituras ${escriturasTexto(r.cpu.escrituras)}`,
    );
  }
  console.log('\n  diagnóstico (p99 / máx): respuesta al remitente, retraso del bucle de eventos, segundo más lento de la ventana');
  for (const r of rs) {
    console.log(
      `  ${r.nombre.padEnd(38)} respuesta al remitente ${r.respuesta.p99.toFixed(1)} / ${r.respuesta.max.toFixed(1)} ms · servidor ${r.retrasoServidor.p99.toFixed(1)} / ${r.retrasoServidor.max.toFixed(1)} ms · generador ${r.retrasoCliente.p99.toFixed(1)} / ${r.retrasoCliente.max.toFixed(1)} ms · segundo ${r.peorSegundo.segundo}: ${r.peorSegundo.max.toFixed(1)} ms · ${gcTexto(r.gcServidor)}`,
    );
  }
}

function imprimir(rs: Resultado[]) {
  const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(10);
  console.log(
    `\n  ${''.padEnd(34)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'máx'.padStart(10)}   entregas        perdidas  duplicadas  429  errores  tasa`,
  );
  for (const r of rs) {
    const o = [...r.latencias].sort((a, b) => a - b);
    const perdidas = r.entregasEsperadas - r.entregas;
    console.log(
      `  ${r.nombre.padEnd(34)}${ms(percentil(o, 50))}${ms(percentil(o, 99))}${ms(o.at(-1) ?? Number.NaN)}   ${`${r.entregas}/${r.entregasEsperadas}`.padEnd(15)} ${String(perdidas).padStart(8)}  ${String(r.duplicadas).padStart(10)}  ${String(r.rechazados).padStart(3)}  ${String(r.errores).padStart(7)}  ${r.tasaReal.toFixed(0)}/s`,
    );
  }
}

const agente = agenteKeepAlive(64);
// The code of each failed connection (status 0), so that a failure says what happened.
const erroresDeConexion = new Map<string, number>();
/** One request on the keep-alive agent; resolves with its status (0 when it failed). */
function peticion(url: string, token: string, cuerpo?: string): Promise<number> {
  const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token}` };
  if (cuerpo !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) });
  return new Promise((resolve) => {
    const req = http.request(url, { method: cuerpo === undefined ? 'GET' : 'POST', agent: agente, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const codigo = err.code ?? err.message;
      erroresDeConexion.set(codigo, (erroresDeConexion.get(codigo) ?? 0) + 1);
      resolve(0);
    });
    req.end(cuerpo);
  });
}

const p99De = (r: Resultado) =>
  percentil(
    [...r.latencias].sort((a, b) => a - b),
    99,
  );
const p50De = (r: Resultado) =>
  percentil(
    [...r.latencias].sort((a, b) => a - b),
    50,
  );
const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

async function main() {
  const raiz = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const base = await baseDesechable(raiz, process.env.BENCH_DB_PREFIJO ?? 'bench_chat');
  try {
    await correr(base.url);
  } finally {
    await base.borrar();
  }
}

interface Camino {
  nombre: string;
  servidor: Hijo<unknown>;
  sockets: Socket[];
  evento: string;
  clave: (p: unknown) => string;
  enviar: (k: number, clave: string, t: ReturnType<typeof turno>) => Promise<'ok' | 'limitado' | 'error'>;
}

/**
 * The autovacuum runs (VACUUM and ANALYZE) of the bench database's tables so far: PostgreSQL runs
 * them when enough rows changed (our `mensaje`, the floor's `mensaje_piso`, `chat`), on the same two
 * cores; a phase they fall into pays for them. Printed per phase, so that a slow phase can be told.
 */
function vigilarAutovacuum(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const leer = async () => {
    const filas = await sql<{ tabla: string; vacuums: number; analyzes: number }[]>`
      select relname as tabla, autovacuum_count::int as vacuums, autoanalyze_count::int as analyzes
        from pg_stat_user_tables where relname in ('mensaje', 'mensaje_piso', 'chat')`;
    return new Map(filas.map((f) => [f.tabla, f]));
  };
  return {
    /** Call before a phase; the returned function, after it, describes what ran meanwhile. */
    async desde(): Promise<() => Promise<string>> {
      const antes = await leer();
      return async () => {
        const ahora = await leer();
        const hechos: string[] = [];
        for (const [tabla, f] of ahora) {
          const a = antes.get(tabla);
          if (f.vacuums > (a?.vacuums ?? 0)) hechos.push(`VACUUM ${tabla}`);
          if (f.analyzes > (a?.analyzes ?? 0)) hechos.push(`ANALYZE ${tabla}`);
        }
        return hechos.length ? ` · autovacuum: ${hechos.join(', ')}` : '';
      };
    },
    cerrar: () => sql.end(),
  };
}

async function correr(urlBase: string) {
  console.log(`bench/chat — carga de la máquina al empezar (1 / 5 / 15 min): ${carga()} en ${os.cpus().length} núcleos`);
  const autovacuum = vigilarAutovacuum(urlBase);
  // The disk's flush latency in each phase's window: a commit waits for it (bench/comun/disco.ts).
  const disco = await sondaDeDisco();
  console.log(`  sonda de disco: ${disco.describir(await directorioDeDatos(urlBase))}`);
  const servidor = await arrancar<{ practica: PracticaBench }>('servidor-chat.ts', { BENCH_DB_URL: urlBase });
  const { practica } = servidor.datos;
  const cuentas = practica.tokens.length;
  const plan: Plan = { cuentas, chats: practica.chats, psicologos: Number(process.env.BENCH_PSICOLOGOS ?? 50) };
  const nSockets = cuentas * CONEXIONES_POR_CUENTA;
  console.log(
    `  PostgreSQL, ${cuentas} cuentas × ${CONEXIONES_POR_CUENTA} conexiones = ${nSockets} sockets por servidor, ${plan.chats.length} conversaciones con historia, ` +
      `${TASA} mensajes/s, ${DURACION_MS / 1000} s por fase (+${CALENTAMIENTO_MS / 1000} s de calentamiento), ${RONDAS} rondas en orden rotatorio`,
  );
  const conexionesDe = (cuenta: number) => Array.from({ length: CONEXIONES_POR_CUENTA }, (_, c) => cuenta * CONEXIONES_POR_CUENTA + c);
  const porCuenta = Array.from({ length: nSockets }, (_, i) => ({ cuenta: Math.floor(i / CONEXIONES_POR_CUENTA) }));

  const base = await arrancar<{ url: string }>('servidor-base.ts', {});
  const piso = await arrancar<{ url: string }>('servidor-piso.ts', { BENCH_DB_URL: urlBase });
  const socketsBase = await conectarTodos(base.datos.url, porCuenta);
  const socketsPiso = await conectarTodos(piso.datos.url, porCuenta);
  const socketsChat = await conectarTodos(
    practica.url,
    porCuenta.map(({ cuenta }) => ({ token: practica.tokens[cuenta] })),
  );
  const claveChat = (p: unknown) => (p as { mensaje: { id_cliente: string } }).mensaje.id_cliente;
  const claveId = (p: unknown) => (p as { id: string }).id;
  const rol = (t: ReturnType<typeof turno>) => (t.remitente === practica.chats[t.chat].pac ? 'paciente' : 'psicologo');

  const caminos: Record<string, Camino> = {
    base: {
      nombre: 'Socket.IO desnudo (relevo)',
      servidor: base,
      sockets: socketsBase,
      evento: 'mensaje',
      clave: claveId,
      enviar: async (_k, clave, t) => {
        socketsBase[conexionesDe(t.remitente)[0]].emit('enviar', { salas: [t.remitente, t.destinatario], mensaje: { id: clave } });
        return 'ok';
      },
    },
    'piso-socket': {
      nombre: 'piso: Socket.IO + 1 INSERT',
      servidor: piso,
      sockets: socketsPiso,
      evento: 'mensaje',
      clave: claveId,
      enviar: async (k, clave, t) => {
        const r = await socketsPiso[conexionesDe(t.remitente)[0]]
          .timeout(30_000)
          .emitWithAck('enviar', {
            salas: [t.remitente, t.destinatario],
            id_chat: practica.chats[t.chat].id_chat,
            remitente: rol(t),
            id: clave,
            contenido: `Mensaje de prueba ${k}`,
          })
          .catch(() => ({ ok: false }));
        return r.ok ? 'ok' : 'error';
      },
    },
    socket: {
      nombre: 'MiDuelo chat:enviar',
      servidor,
      sockets: socketsChat,
      evento: 'chat:mensaje',
      clave: claveChat,
      enviar: async (k, clave, t) => {
        const c = practica.chats[t.chat];
        const r = await socketsChat[conexionesDe(t.remitente)[0]]
          .timeout(30_000)
          .emitWithAck('chat:enviar', { id_chat: c.id_chat, contenido: `Mensaje de prueba ${k}`, id_cliente: clave })
          .catch(() => ({ ok: false, status: 0 }));
        return r.ok ? 'ok' : r.status === 429 ? 'limitado' : 'error';
      },
    },
    'piso-http': {
      nombre: 'piso: HTTP + 1 INSERT',
      servidor: piso,
      sockets: socketsPiso,
      evento: 'mensaje',
      clave: claveId,
      enviar: async (k, clave, t) => {
        const status = await peticion(
          `${piso.datos.url}/mensajes`,
          'x',
          JSON.stringify({
            salas: [t.remitente, t.destinatario],
            id_chat: practica.chats[t.chat].id_chat,
            remitente: rol(t),
            id: clave,
            contenido: `Mensaje de prueba ${k}`,
          }),
        );
        return status === 201 ? 'ok' : 'error';
      },
    },
    http: {
      nombre: 'MiDuelo POST /mensajes',
      servidor,
      sockets: socketsChat,
      evento: 'chat:mensaje',
      clave: claveChat,
      enviar: async (k, clave, t) => {
        const c = practica.chats[t.chat];
        const status = await peticion(
          `${practica.url}/api/${rol(t)}/mensajes`,
          practica.tokens[t.remitente],
          JSON.stringify({ id_chat: c.id_chat, contenido: `Mensaje de prueba ${k}`, id_cliente: clave }),
        );
        return status === 201 ? 'ok' : status === 429 ? 'limitado' : 'error';
      },
    },
  };

  // Before a REST phase every account opens its chat list (GET /chats), as the web client and the
  // app do when the chat screen opens, so that its sends find the session check the server keeps
  // for a client in use (5 min, decision 227) and not the first request the server ever sees from
  // that token. Without it, most REST sends of a 5-s phase paid a session read the socket phase
  // never pays (its handshake did it). BENCH_SESION_FRIA=1 leaves it out.
  const sesionFria = process.env.BENCH_SESION_FRIA === '1';
  const abrirListas = async () => {
    if (sesionFria) return;
    // A GET that got no answer (its connection reset) is asked once more, as a browser does when a
    // reused keep-alive connection fails before any byte came back; one that got a status, error
    // or not, is never asked again.
    const abrir = (token: string, cuenta: number) =>
      peticion(`${practica.url}/api/${cuenta < plan.psicologos ? 'psicologo' : 'paciente'}/chats`, token);
    let repetidas = 0;
    const estados = await Promise.all(
      practica.tokens.map(async (token, cuenta) => {
        const e = await abrir(token, cuenta);
        if (e !== 0) return e;
        repetidas++;
        return abrir(token, cuenta);
      }),
    );
    if (repetidas) console.log(`  (${repetidas} listas de chats pedidas otra vez: su conexión se cortó sin respuesta)`);
    const fallidas = estados.filter((e) => e !== 200);
    if (fallidas.length) {
      const cuenta = new Map<number, number>();
      for (const e of fallidas) cuenta.set(e, (cuenta.get(e) ?? 0) + 1);
      const porEstado = [...cuenta].map(([e, n]) => `${e || 'sin respuesta'} × ${n}`);
      const conexion = [...erroresDeConexion].map(([c, n]) => `${c} × ${n}`);
      throw new Error(
        `bench/chat: ${fallidas.length} cuentas no pudieron abrir su lista de chats (${porEstado.join(', ')}` +
          `${conexion.length ? `; errores de conexión en la corrida: ${conexion.join(', ')}` : ''})`,
      );
    }
  };
  if (!sesionFria)
    console.log('  antes de cada fase REST, cada cuenta abre su lista de chats (GET /chats), como el cliente al abrir el chat');

  // Rounds: every phase once per round, the order rotated each round.
  const porFase = new Map<string, Resultado[]>();
  // Rounds of each phase into which the disk stalled (a flush of LENTA_MS or more seen by the probe).
  const conDiscoLento = new Map<string, number>();
  for (let ronda = 0; ronda < RONDAS; ronda++) {
    const orden = FASES.map((_, i) => FASES[(i + ronda) % FASES.length]);
    for (const f of orden) {
      const c = caminos[f];
      if (f === 'http') await abrirListas();
      const vacuumDe = await autovacuum.desde();
      const discoDe = disco.desde();
      const r = await medir(c.nombre, c.servidor, plan, c.sockets, c.evento, c.clave, c.enviar);
      porFase.set(f, [...(porFase.get(f) ?? []), r]);
      const enDisco = discoDe();
      if (enDisco.lentas) conDiscoLento.set(f, (conDiscoLento.get(f) ?? 0) + 1);
      console.log(
        `  ronda ${ronda + 1} ${c.nombre.padEnd(30)} p50 ${p50De(r).toFixed(2)} ms · p99 ${p99De(r).toFixed(2)} ms · perdidas ${r.entregasEsperadas - r.entregas} · errores ${r.errores} · 429 ${r.rechazados} · carga ${carga()} · robo de CPU ${roboTexto(r.cpu.robo)} · ${discoTexto(enDisco)}${await vacuumDe()}`,
      );
      if (r.porSegundo)
        console.log(
          `    p99 por segundo (ventana desde ${((r.inicio - (conectados.get(c.sockets) ?? 0)) / 1000).toFixed(1)} s tras conectar sus sockets): ${r.porSegundo.map((x) => x.toFixed(1)).join(' ')}` +
            `\n    pausas de GC del servidor ≥ 5 ms (segundo de la ventana: ms): ${(r.gcServidor?.largas ?? []).map((p) => `${Math.floor(p.en / 1000)}: ${p.ms.toFixed(0)} ${p.tipo}`).join(' · ') || 'ninguna'}`,
        );
    }
  }
  imprimir([...porFase.values()].flat());
  imprimirRetrasos([...porFase.values()].flat());

  const fila = (f: string) => {
    const rs = porFase.get(f) ?? [];
    const p50 = rs.map(p50De);
    const p99 = rs.map(p99De);
    const perdidas = rs.reduce((n, r) => n + r.entregasEsperadas - r.entregas + r.errores, 0);
    const cpu = (k: 'servidor' | 'postgres' | 'robo' | 'escrituras') => {
      const xs = rs.map((r) => r.cpu[k]).filter((x): x is number => x !== null);
      return xs.length ? mediana(xs) : null;
    };
    return {
      cpuServidor: cpu('servidor'),
      cpuPostgres: cpu('postgres'),
      escrituras: cpu('escrituras'),
      robo: cpu('robo'),
      p50: mediana(p50),
      p99: mediana(p99),
      rango50: [Math.min(...p50), Math.max(...p50)],
      rango99: [Math.min(...p99), Math.max(...p99)],
      perdidas,
    };
  };
  console.log(`\n  mediana de ${RONDAS} rondas [mín – máx]`);
  for (const f of FASES) {
    const x = fila(f);
    console.log(
      `  ${caminos[f].nombre.padEnd(30)} p50 ${x.p50.toFixed(2)} ms [${x.rango50.map((v) => v.toFixed(2)).join(' – ')}] · p99 ${x.p99.toFixed(2)} ms [${x.rango99.map((v) => v.toFixed(2)).join(' – ')}] · perdidos o fallidos ${x.perdidas} · CPU por mensaje: servidor ${cpuTexto(x.cpuServidor)}, PostgreSQL ${cpuTexto(x.cpuPostgres)} · escrituras del servidor por mensaje ${escriturasTexto(x.escrituras)} · robo de CPU ${roboTexto(x.robo)} · rondas con el disco detenido ≥ ${LENTA_MS} ms: ${conDiscoLento.get(f) ?? 0} de ${porFase.get(f)?.length ?? 0}`,
    );
  }
  for (const [f, pisoF] of [
    ['socket', 'piso-socket'],
    ['http', 'piso-http'],
  ] as const) {
    if (!porFase.has(f) || !porFase.has(pisoF)) continue;
    const ratio = fila(f).p99 / fila(pisoF).p99;
    console.log(
      `  ${caminos[f].nombre}: p99 / p99 del piso = ${ratio.toFixed(2)} ×   (meta ≤ 1,5 ×: ${ratio <= 1.5 ? 'cumplida' : 'NO cumplida'})`,
    );
  }

  // Ramp: each path at increasing rates; the highest rate with everything delivered, nothing
  // refused and p99 ≤ RAMPA_P99_MS is its maximum sustainable rate.
  if (RAMPA.length) {
    const presupuesto = cuentas * 2;
    console.log(
      `\n  rampa: ${RAMPA.join(', ')} mensajes/s, ${RAMPA_MS / 1000} s cada una; sostenida = 0 perdidos, 0 rechazados, p99 ≤ ${RAMPA_P99_MS} ms` +
        `\n  (el límite por cuenta, 20 mensajes / 10 s, deja a MiDuelo ${presupuesto} mensajes/s con ${cuentas} cuentas: por encima, 429)`,
    );
    DURACION_MS = RAMPA_MS;
    CALENTAMIENTO_MS = 500;
    for (const f of FASES.filter((x) => x !== 'base')) {
      const c = caminos[f];
      if (f === 'http') await abrirListas();
      let sostenida = 0;
      const pasos: string[] = [];
      for (const tasa of RAMPA) {
        TASA = tasa;
        // A step the disk stalled in (a flush of LENTA_MS or more seen by the probe) and that failed is
        // run once more: a stall delays every commit of both servers alike, whatever their rate.
        // Both attempts are printed.
        let ok = false;
        for (let intento = 1; intento <= 2; intento++) {
          const vacuumDe = await autovacuum.desde();
          const discoDe = disco.desde();
          const r = await medir(c.nombre, c.servidor, plan, c.sockets, c.evento, c.clave, c.enviar);
          const p99 = p99De(r);
          const vacuum = await vacuumDe();
          const enDisco = discoDe();
          ok =
            r.entregas === r.entregasEsperadas && r.errores === 0 && r.rechazados === 0 && p99 <= RAMPA_P99_MS && r.tasaReal >= 0.95 * tasa;
          pasos.push(
            `${tasa}${intento > 1 ? ' (otra vez)' : ''}: p99 ${p99.toFixed(1)} ms${ok ? '' : ` ✗ (perdidas ${r.entregasEsperadas - r.entregas}, errores ${r.errores}, 429 ${r.rechazados}, robo de CPU ${roboTexto(r.cpu.robo)})`}` +
              `${!ok || enDisco.lentas ? ` (${discoTexto(enDisco)})` : ''}${vacuum}`,
          );
          if (ok || !enDisco.lentas) break;
        }
        if (!ok) break;
        sostenida = tasa;
      }
      console.log(`  ${c.nombre.padEnd(30)} máxima sostenida ${sostenida} mensajes/s   [${pasos.join(' · ')}]   carga ${carga()}`);
    }
  }

  for (const s of [...socketsBase, ...socketsPiso, ...socketsChat]) s.close();
  await autovacuum.cerrar();
  await disco.cerrar();
  await Promise.all([detenerHijo(base.proceso), detenerHijo(piso.proceso), detenerHijo(servidor.proceso)]);
  agente.destroy();
  console.log(`\n  carga de la máquina al terminar (1 / 5 / 15 min): ${carga()}`);
  clearTimeout(pararTodo);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
