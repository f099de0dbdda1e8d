// bench/chat: end-to-end delivery latency of the live chat (HTTP send → transaction → Socket.IO
// push) to every connection of both participants, with 2,000 connected sockets (each account on two
// connections, as a laptop and a phone) and 500 messages/s, printed beside a bare Socket.IO relay
// at the same rate, with the same sockets, in the same run. Goal: p99 ≤ 3 × baseline, 0 lost.
//   pnpm exec tsx bench/chat/index.ts                         (embedded PGlite in the server)
//   DATABASE_URL=postgres://… pnpm exec tsx bench/chat/index.ts
// Loopback only; bounded in time and count; stops by itself.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import { io, type Socket } from 'socket.io-client';
import type { PracticaBench } from './servidor-chat';

const TASA = Number(process.env.BENCH_TASA ?? 500);
const DURACION_MS = Number(process.env.BENCH_MS ?? 15_000);
const CALENTAMIENTO_MS = Number(process.env.BENCH_CALENTAMIENTO_MS ?? 2_000);
const GRACIA_MS = 10_000;
const LIMITE_TOTAL_MS = 6 * 60_000;
const CONEXIONES_POR_CUENTA = 2;
/** Which phases to run (all by default): base, socket, http, piso (PostgreSQL only). */
const FASES = new Set((process.env.BENCH_FASES ?? 'base,socket,http,piso').split(','));
const DIR = path.dirname(new URL(import.meta.url).pathname);

const pararTodo = setTimeout(() => {
  console.error(`bench/chat: se alcanzó el límite de ${LIMITE_TOTAL_MS / 60_000} minutos; se detiene.`);
  process.exit(2);
}, LIMITE_TOTAL_MS);

interface Hijo<T> {
  proceso: ChildProcess;
  datos: T;
}

function arrancar<T>(archivo: string, env: NodeJS.ProcessEnv): Promise<Hijo<T>> {
  // BENCH_PERFIL=dir writes a CPU profile of each server process there (node --cpu-prof).
  const perfil = process.env.BENCH_PERFIL ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PERFIL}`] : [];
  const proceso = fork(path.join(DIR, archivo), [], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...perfil],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proceso.once('exit', (code) => reject(new Error(`${archivo} terminó con código ${code}`)));
    proceso.on('message', (m: { tipo?: string } & T) => {
      if (m?.tipo === 'listo') resolve({ proceso, datos: m });
    });
  });
}

interface Retraso {
  p99: number;
  max: number;
}

/** Event-loop delay of a server process since the previous call (it resets its histogram). */
function pedirRetraso(h: Hijo<unknown>): Promise<Retraso> {
  return new Promise((resolve) => {
    const oir = (m: { tipo?: string } & Retraso) => {
      if (m?.tipo !== 'retraso') return;
      h.proceso.off('message', oir);
      resolve({ p99: m.p99, max: m.max });
    };
    h.proceso.on('message', oir);
    h.proceso.send({ tipo: 'retraso' });
  });
}

async function detener(h: Hijo<unknown>) {
  const fin = new Promise((r) => h.proceso.once('exit', r));
  h.proceso.removeAllListeners('exit');
  h.proceso.send({ tipo: 'cerrar' });
  await Promise.race([fin, new Promise((r) => setTimeout(r, 10_000))]);
  if (h.proceso.exitCode === null) h.proceso.kill('SIGKILL');
}

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
  /** The second of the window with the slowest delivery, and that delivery. */
  peorSegundo: { segundo: number; max: number };
  /** Time until the sender got its answer (HTTP response or socket ack): p99 and maximum. */
  respuesta: { p99: number; max: number };
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
    retrasoCliente: { p99: 0, max: 0 },
    peorSegundo: { segundo: 0, max: 0 },
    respuesta: { p99: 0, max: 0 },
  };
  const respuestas: number[] = [];
  let inicioMedido = 0;
  const porSegundo = new Map<number, number>();
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
        porSegundo.set(segundo, Math.max(porSegundo.get(segundo) ?? 0, t - e.t0));
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
  await pedirRetraso(servidor);
  const retrasoCliente = monitorEventLoopDelay({ resolution: 5 });
  retrasoCliente.enable();
  inicioMedido = performance.now();
  await fase(DURACION_MS, true, calentados);
  retrasoCliente.disable();
  r.retrasoServidor = await pedirRetraso(servidor);
  r.retrasoCliente = { p99: retrasoCliente.percentile(99) / 1e6, max: retrasoCliente.max / 1e6 };
  for (const [segundo, max] of porSegundo) if (max > r.peorSegundo.max) r.peorSegundo = { segundo, max };
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

function percentil(ordenadas: number[], p: number): number {
  if (ordenadas.length === 0) return Number.NaN;
  return ordenadas[Math.min(ordenadas.length - 1, Math.ceil((p / 100) * ordenadas.length) - 1)];
}

function imprimirRetrasos(rs: Resultado[]) {
  console.log('\n  diagnóstico (p99 / máx): respuesta al remitente, retraso del bucle de eventos, segundo más lento de la ventana');
  for (const r of rs) {
    console.log(
      `  ${r.nombre.padEnd(38)} respuesta al remitente ${r.respuesta.p99.toFixed(1)} / ${r.respuesta.max.toFixed(1)} ms · servidor ${r.retrasoServidor.p99.toFixed(1)} / ${r.retrasoServidor.max.toFixed(1)} ms · generador ${r.retrasoCliente.p99.toFixed(1)} / ${r.retrasoCliente.max.toFixed(1)} ms · segundo ${r.peorSegundo.segundo}: ${r.peorSegundo.max.toFixed(1)} ms`,
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

/**
 * The floor under every MiDuelo phase on PostgreSQL: the same committed write (`chat_enviar`, one
 * durable commit per message) at the same rate, straight from a pool of the server's size, with no
 * HTTP, no Socket.IO and no server. Latency is from the call to its commit being acknowledged.
 */
async function medirPiso(url: string, plan: Plan): Promise<Resultado> {
  const db = postgres(url, { max: 10, onnotice: () => {} });
  await Promise.all(Array.from({ length: 10 }, () => db`select pg_sleep(0.05)`));
  const chats = await db<{ id_chat: number; id_psicologo: number; id_paciente: number }[]>`
    select id_chat, id_psicologo, id_paciente from chat order by id_chat`;
  const r: Resultado = {
    nombre: 'PostgreSQL: solo chat_enviar (piso)',
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
    retrasoCliente: { p99: 0, max: 0 },
    peorSegundo: { segundo: 0, max: 0 },
    respuesta: { p99: 0, max: 0 },
  };
  const prefijo = randomBytes(4).toString('hex');
  const fase = async (ms: number, medirla: boolean) => {
    const total = Math.round((ms / 1000) * TASA);
    const pendientes: Promise<void>[] = [];
    const inicio = performance.now();
    let k = 0;
    await new Promise<void>((resolve) => {
      const reloj = setInterval(() => {
        const debidos = Math.min(total, Math.floor(((performance.now() - inicio) / 1000) * TASA));
        for (; k < debidos; k++) {
          const t = turno(plan, k);
          const c = chats[t.chat];
          const dePaciente = t.remitente === plan.chats[t.chat].pac;
          const t0 = performance.now();
          pendientes.push(
            db
              .unsafe('select estado from chat_enviar($1::integer, $2::text, $3::integer, $4::text, $5::text, $6::timestamptz)', [
                c.id_chat,
                dePaciente ? 'paciente' : 'psicologo',
                dePaciente ? c.id_paciente : c.id_psicologo,
                `Mensaje de prueba ${k}`,
                `${prefijo}${medirla ? 'm' : 'c'}${k}`,
                new Date().toISOString(),
              ])
              .then(
                () => {
                  if (!medirla) return;
                  r.aceptados++;
                  r.latencias.push(performance.now() - t0);
                },
                () => {
                  if (medirla) r.errores++;
                },
              ),
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
  };
  await fase(CALENTAMIENTO_MS, false);
  await fase(DURACION_MS, true);
  r.entregas = r.entregasEsperadas = r.aceptados;
  const rs = [...r.latencias].sort((a, b) => a - b);
  r.respuesta = { p99: percentil(rs, 99), max: rs.at(-1) ?? 0 };
  await db.end();
  return r;
}

// Keep-alive connections, as the web client and the app keep theirs.
const agente = new http.Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, token: string, cuerpo: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: agente,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(cuerpo);
  });
}

async function main() {
  const raiz = process.env.DATABASE_URL ?? null;
  let urlBase: string | null = null;
  let limpiar = async () => {};
  if (raiz) {
    const nombre = `miduelo_bench_chat_${randomBytes(4).toString('hex')}`;
    const a = postgres(raiz, { max: 1, onnotice: () => {} });
    await a.unsafe(`create database ${nombre}`);
    await a.end();
    const u = new URL(raiz);
    u.pathname = `/${nombre}`;
    urlBase = u.toString();
    limpiar = async () => {
      const b = postgres(raiz, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists ${nombre} with (force)`);
      await b.end();
    };
  }

  const servidor = await arrancar<{ practica: PracticaBench }>('servidor-chat.ts', { BENCH_DB_URL: urlBase ?? '' });
  const { practica } = servidor.datos;
  const cuentas = practica.tokens.length;
  const plan: Plan = { cuentas, chats: practica.chats, psicologos: Number(process.env.BENCH_PSICOLOGOS ?? 200) };
  const sockets = cuentas * CONEXIONES_POR_CUENTA;
  console.log(
    `bench/chat — ${practica.base}, ${cuentas} cuentas × ${CONEXIONES_POR_CUENTA} conexiones = ${sockets} sockets, ${plan.chats.length} conversaciones, ` +
      `${TASA} mensajes/s durante ${DURACION_MS / 1000} s (+${CALENTAMIENTO_MS / 1000} s de calentamiento), cada mensaje a las 4 conexiones de sus 2 participantes`,
  );
  // Socket i belongs to account floor(i / 2).
  const conexionesDe = (cuenta: number) => Array.from({ length: CONEXIONES_POR_CUENTA }, (_, c) => cuenta * CONEXIONES_POR_CUENTA + c);

  const resultados: Resultado[] = [];

  // 1. Baseline: bare Socket.IO relay, same sockets and rate.
  if (FASES.has('base')) {
    const base = await arrancar<{ url: string }>('servidor-base.ts', {});
    const socketsBase = await conectarTodos(
      base.datos.url,
      Array.from({ length: sockets }, (_, i) => ({ cuenta: Math.floor(i / CONEXIONES_POR_CUENTA) })),
    );
    resultados.push(
      await medir(
        'Socket.IO desnudo (referencia)',
        base,
        plan,
        socketsBase,
        'mensaje',
        (p) => (p as { id: string }).id,
        async (_k, clave, t) => {
          socketsBase[conexionesDe(t.remitente)[0]].emit('enviar', { salas: [t.remitente, t.destinatario], mensaje: { id: clave } });
          return 'ok';
        },
      ),
    );
    for (const s of socketsBase) s.close();
    await detener(base);
  }

  // 2. MiDuelo, as the web client sends while its socket is up: `chat:enviar`, answered after the
  //    commit, then pushed by the realtime plugin. 3. The same over HTTP (POST /mensajes), as the
  //    mobile app and a client without socket send. Both through the real server and database.
  const socketsChat = await conectarTodos(
    practica.url,
    Array.from({ length: sockets }, (_, i) => ({ token: practica.tokens[Math.floor(i / CONEXIONES_POR_CUENTA)] })),
  );
  const claveChat = (p: unknown) => (p as { mensaje: { id_cliente: string } }).mensaje.id_cliente;
  if (FASES.has('socket')) {
    resultados.push(
      await medir('MiDuelo chat:enviar → chat:mensaje', servidor, plan, socketsChat, 'chat:mensaje', claveChat, async (k, clave, t) => {
        const c = practica.chats[t.chat];
        const r = await socketsChat[conexionesDe(t.remitente)[0]]
          .timeout(30_000)
          .emitWithAck('chat:enviar', { id_chat: c.id_chat, contenido: `Mensaje de prueba ${k}`, id_cliente: clave })
          .catch(() => ({ ok: false, status: 0 }));
        return r.ok ? 'ok' : r.status === 429 ? 'limitado' : 'error';
      }),
    );
  }
  if (FASES.has('http')) {
    resultados.push(
      await medir('MiDuelo POST /mensajes → chat:mensaje', servidor, plan, socketsChat, 'chat:mensaje', claveChat, async (k, clave, t) => {
        const c = practica.chats[t.chat];
        const esPaciente = t.remitente === c.pac;
        const status = await post(
          `${practica.url}/api/${esPaciente ? 'paciente' : 'psicologo'}/mensajes`,
          practica.tokens[t.remitente],
          JSON.stringify({ id_chat: c.id_chat, contenido: `Mensaje de prueba ${k}`, id_cliente: clave }),
        );
        return status === 201 ? 'ok' : status === 429 ? 'limitado' : 'error';
      }),
    );
  }
  for (const s of socketsChat) s.close();
  await detener(servidor);
  agente.destroy();
  if (FASES.has('piso') && urlBase) resultados.push(await medirPiso(urlBase, plan));
  await limpiar();

  imprimir(resultados);
  imprimirRetrasos(resultados.filter((r) => !r.nombre.startsWith('PostgreSQL')));
  const p99 = (r: Resultado) =>
    percentil(
      [...r.latencias].sort((a, b) => a - b),
      99,
    );
  const referencia = resultados.find((r) => r.nombre.startsWith('Socket.IO'));
  for (const r of resultados) {
    if (r === referencia) continue;
    if (r.nombre.startsWith('PostgreSQL')) {
      const ratio = referencia ? p99(r) / p99(referencia) : Number.NaN;
      console.log(
        `\n  ${r.nombre}: p99 / p99 referencia = ${ratio.toFixed(2)} ×   (el compromiso durable, sin servidor ni entrega: ningún camino del chat puede bajar de aquí)`,
      );
      continue;
    }
    const perdidas = r.entregasEsperadas - r.entregas;
    const ratio = referencia ? p99(r) / p99(referencia) : Number.NaN;
    console.log(
      `\n  ${r.nombre}: p99 / p99 referencia = ${ratio.toFixed(2)} ×   (meta ≤ 3 ×: ${ratio <= 3 ? 'cumplida' : 'NO cumplida'})` +
        `\n    entregas perdidas: ${perdidas} (${r.mensajesIncompletos} mensajes incompletos) · duplicadas: ${r.duplicadas} · rechazados por límite: ${r.rechazados} · errores: ${r.errores}   (meta 0 perdidos: ${perdidas === 0 && r.errores === 0 ? 'cumplida' : 'NO cumplida'})`,
    );
  }
  clearTimeout(pararTodo);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
