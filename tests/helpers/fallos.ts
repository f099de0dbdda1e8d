// Tools of the fault tests (issue 10, "Keep it closed"): a private PostgreSQL database, a chat
// client that behaves like the real ones (merges by seq, resyncs after its last seq on every
// connect, retries an unanswered send with the same id_cliente), send lanes that keep a steady
// stream going through the socket or HTTP, and the comparison of what was acknowledged, stored and
// received.
import { randomBytes } from 'node:crypto';
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import postgres from 'postgres';
import { io } from 'socket.io-client';
import { expect } from 'vitest';
import { urlConBase } from './base-datos';
import type { SocketCliente } from './socket';

export const esperar = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits for a condition, polling; throws with `que` once `ms` have passed. */
export async function hasta(cond: () => boolean | Promise<boolean>, ms: number, que: string): Promise<void> {
  const limite = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > limite) throw new Error(`no se cumplió a tiempo (${ms} ms): ${que}`);
    await esperar(50);
  }
}

/** A database of this test alone (never the shared template): empty, or migrated by the caller. */
export async function basePrivada(raiz: string): Promise<{ url: string; nombre: string; cerrar(): Promise<void> }> {
  const nombre = `miduelo_fallos_${randomBytes(6).toString('hex')}`;
  const admin = postgres(raiz, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${nombre}`);
  await admin.end();
  return {
    url: urlConBase(raiz, nombre),
    nombre,
    async cerrar() {
      const a = postgres(raiz, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${nombre} with (force)`);
      await a.end();
    },
  };
}

export interface FilaGuardada {
  seq: number;
  id_cliente: string | null;
  remitente: string;
}

/** The conversation's rows, read straight from PostgreSQL (never through the proxy or the server). */
export async function filasGuardadas(sql: postgres.Sql, idChat: number): Promise<FilaGuardada[]> {
  return sql<FilaGuardada[]>`select seq, id_cliente, remitente from mensaje where id_chat = ${idChat} order by seq`;
}

export type Rol = 'psicologo' | 'paciente';

/** One send attempt as the client saw it. */
export interface Intento {
  rol: Rol;
  via: 'socket' | 'http';
  id_cliente: string;
  inicio: number;
  ms: number;
  ok: boolean;
  /** HTTP status or the ack's `status`; 0 when nothing answered (no connection, timeout). */
  status: number;
  code?: string;
  msg?: string;
  seq?: number;
}

export interface ClienteChat {
  rol: Rol;
  socket: SocketCliente;
  /** What the user sees: every stored message once, by seq (live events, send answers, resyncs). */
  vista: Map<number, Mensaje>;
  /** Live `chat:mensaje` deliveries per seq, before merging (a repeat shows here, not in `vista`). */
  entregas: Map<number, number>;
  /** Resyncs answered, and those refused or unanswered (retried). */
  resincronizaciones: { ok: number; fallidas: number };
  /** Messages of refused handshakes (`connect_error`). */
  rechazos: string[];
  /** Messages a resync after the highest seq (instead of the last contiguous one) would have
   * skipped: the other side's messages committed below one of our own acknowledged over HTTP. */
  omitidosPorMaximo(): number;
  /** True while the socket is connected and its last resync completed. */
  alDia(): boolean;
  ultimoSeq(): number;
  enviarSocket(idCliente: string, contenido: string): Promise<Intento>;
  enviarHttp(idCliente: string, contenido: string): Promise<Intento>;
  cerrar(): void;
}

const ESPERA_ACK_MS = 5_000;

/**
 * A participant's client. The socket reconnects by itself after a lost transport (socket.io) and,
 * after a refused handshake, tries again `reintentoMs` later (the web client waits 15 s there;
 * the test passes less to stay bounded).
 */
export function clienteChat(o: { url: string; token: string; rol: Rol; idChat: number; reintentoMs?: number }): ClienteChat {
  const socket: SocketCliente = io(o.url, {
    auth: { token: o.token },
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    randomizationFactor: 0,
    forceNew: true,
  });
  const vista = new Map<number, Mensaje>();
  const entregas = new Map<number, number>();
  const resincronizaciones = { ok: 0, fallidas: 0 };
  const rechazos: string[] = [];
  let cerrado = false;
  let alDia = false;
  let omitidosPorMaximo = 0;
  let vuelta = 0;
  const ultimoSeq = () => Math.max(0, ...vista.keys());
  /** Highest seq up to which the view has every message: a resync asks after this one. */
  const contiguo = () => {
    let n = 0;
    while (vista.has(n + 1)) n++;
    return n;
  };

  async function resincronizar() {
    const mia = ++vuelta;
    alDia = false;
    while (!cerrado && socket.connected && mia === vuelta) {
      try {
        // After the last contiguous seq, not the highest: the client's own messages, acknowledged
        // over HTTP while its socket was down, may sit above the other side's missed ones.
        const desde = contiguo();
        const r = await socket.timeout(ESPERA_ACK_MS).emitWithAck('chat:unirse', { id_chat: o.idChat, despues_de: desde });
        if (!r.ok) throw new Error(r.msg);
        const maximo = ultimoSeq();
        omitidosPorMaximo += r.data.mensajes.filter((m: Mensaje) => m.seq < maximo && !vista.has(m.seq)).length;
        for (const m of r.data.mensajes) vista.set(m.seq, m);
        resincronizaciones.ok++;
        if (!r.data.hay_mas) {
          if (mia === vuelta) alDia = true;
          return;
        }
      } catch {
        resincronizaciones.fallidas++;
        await esperar(300);
      }
    }
  }

  socket.on('connect', () => void resincronizar());
  socket.on('disconnect', () => {
    alDia = false;
  });
  socket.on('connect_error', (e) => {
    rechazos.push(e.message);
    // A refusal by the server's middleware is not retried by socket.io itself (the web client's
    // lib/socket.ts schedules its own retry).
    if (!socket.active && !cerrado) setTimeout(() => !cerrado && socket.connect(), o.reintentoMs ?? 1_000);
  });
  socket.on('chat:mensaje', (p) => {
    if (p.mensaje.id_chat !== o.idChat) return;
    entregas.set(p.mensaje.seq, (entregas.get(p.mensaje.seq) ?? 0) + 1);
    vista.set(p.mensaje.seq, p.mensaje);
  });

  const ruta = o.rol === 'psicologo' ? '/api/psicologo/mensajes' : '/api/paciente/mensajes';
  return {
    rol: o.rol,
    socket,
    vista,
    entregas,
    resincronizaciones,
    rechazos,
    omitidosPorMaximo: () => omitidosPorMaximo,
    alDia: () => alDia && socket.connected,
    ultimoSeq,
    async enviarSocket(idCliente, contenido) {
      const inicio = Date.now();
      const base = { rol: o.rol, via: 'socket' as const, id_cliente: idCliente, inicio };
      // The real client does not queue a send on a socket it knows is down.
      if (!socket.connected) return { ...base, ms: 0, ok: false, status: 0, code: 'SIN_CONEXION' };
      try {
        const r = await socket.timeout(ESPERA_ACK_MS).emitWithAck('chat:enviar', { id_chat: o.idChat, contenido, id_cliente: idCliente });
        const ms = Date.now() - inicio;
        if (!r.ok) return { ...base, ms, ok: false, status: r.status, code: r.code, msg: r.msg };
        vista.set(r.data.seq, r.data);
        return { ...base, ms, ok: true, status: 201, seq: r.data.seq };
      } catch {
        return { ...base, ms: Date.now() - inicio, ok: false, status: 0, code: 'SIN_RESPUESTA' };
      }
    },
    async enviarHttp(idCliente, contenido) {
      const inicio = Date.now();
      const base = { rol: o.rol, via: 'http' as const, id_cliente: idCliente, inicio };
      try {
        const r = await fetch(`${o.url}${ruta}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id_chat: o.idChat, contenido, id_cliente: idCliente }),
          signal: AbortSignal.timeout(ESPERA_ACK_MS),
        });
        const ms = Date.now() - inicio;
        const cuerpo = (await r.json().catch(() => ({}))) as Mensaje & { msg?: string; code?: string };
        if (r.status !== 200 && r.status !== 201) return { ...base, ms, ok: false, status: r.status, code: cuerpo.code, msg: cuerpo.msg };
        vista.set(cuerpo.seq, cuerpo);
        return { ...base, ms, ok: true, status: r.status, seq: cuerpo.seq };
      } catch (e) {
        const code = (e as Error).name === 'TimeoutError' ? 'SIN_RESPUESTA' : 'SIN_RED';
        return { ...base, ms: Date.now() - inicio, ok: false, status: 0, code };
      }
    },
    cerrar() {
      cerrado = true;
      socket.close();
    },
  };
}

/** Everything the lanes sent and what came back. */
export interface Registro {
  /** Every client id a lane sent (acknowledged or not), with its sender. */
  enviados: Map<string, Rol>;
  /** Acknowledged client ids and the seq the answer gave. */
  confirmados: Map<string, number>;
  intentos: Intento[];
}

export const nuevoRegistro = (): Registro => ({ enviados: new Map(), confirmados: new Map(), intentos: [] });

/**
 * A steady stream of sends from one client through one path: a new message every `intervaloMs`
 * while `seguir()`, each retried with the same id_cliente until it is acknowledged (a refused send
 * waits `reintentoMs`; a rate-limited one a second) or `hastaMs` (a deadline, epoch ms) passes.
 */
export async function carril(o: {
  cliente: ClienteChat;
  via: 'socket' | 'http';
  registro: Registro;
  intervaloMs: number;
  reintentoMs: number;
  seguir: () => boolean;
  hastaMs: number;
}): Promise<void> {
  for (let i = 0; o.seguir(); i++) {
    const id = `${o.cliente.rol.slice(0, 3)}-${o.via}-${i}-${randomBytes(4).toString('hex')}`;
    const contenido = `Mensaje ${i} de ${o.cliente.rol} por ${o.via}`;
    o.registro.enviados.set(id, o.cliente.rol);
    for (;;) {
      const r = o.via === 'socket' ? await o.cliente.enviarSocket(id, contenido) : await o.cliente.enviarHttp(id, contenido);
      o.registro.intentos.push(r);
      if (r.ok && r.seq !== undefined) {
        o.registro.confirmados.set(id, r.seq);
        break;
      }
      if (Date.now() > o.hastaMs) break;
      await esperar(r.status === 429 ? 1_000 : o.reintentoMs);
    }
    await esperar(o.intervaloMs);
  }
}

export interface Cifras {
  enviados: number;
  confirmados: number;
  guardados: number;
  perdidos: number;
  duplicados: number;
  /** Live deliveries of the same seq to the same client beyond the first (merged away by seq). */
  entregasRepetidas: number;
  /** The other party's messages a client got only through a resync, never live. */
  soloPorResincronizacion: number;
  huecos: number[];
  /** Clients whose view differs from the database (empty when in sync). */
  desfases: string[];
}

/** Compares the acknowledged sends, the stored rows and what each client shows. */
export function cifrar(registro: Registro, filas: FilaGuardada[], clientes: ClienteChat[]): Cifras {
  const porId = new Map<string, FilaGuardada[]>();
  for (const f of filas) if (f.id_cliente) porId.set(f.id_cliente, [...(porId.get(f.id_cliente) ?? []), f]);
  const nuestros = filas.filter((f) => f.id_cliente && registro.enviados.has(f.id_cliente));
  let perdidos = 0;
  let duplicados = 0;
  for (const [id, seq] of registro.confirmados) {
    const guardadas = porId.get(id) ?? [];
    if (guardadas.length === 0) perdidos++;
    if (guardadas.length > 1 || (guardadas.length === 1 && guardadas[0].seq !== seq)) duplicados++;
  }
  const huecos: number[] = [];
  filas.forEach((f, i) => {
    if (f.seq !== i + 1) huecos.push(i + 1);
  });
  let entregasRepetidas = 0;
  let soloPorResincronizacion = 0;
  const desfases: string[] = [];
  for (const c of clientes) {
    for (const n of c.entregas.values()) entregasRepetidas += Math.max(0, n - 1);
    for (const f of filas) if (f.remitente !== c.rol && !c.entregas.has(f.seq)) soloPorResincronizacion++;
    const vistos = [...c.vista.values()].sort((a, b) => a.seq - b.seq).map((m) => `${m.seq}:${m.id_cliente}`);
    const guardados = filas.map((f) => `${f.seq}:${f.id_cliente}`);
    if (vistos.join(',') !== guardados.join(',')) desfases.push(`${c.rol}: ve ${vistos.length}, hay ${guardados.length}`);
  }
  return {
    enviados: registro.enviados.size,
    confirmados: registro.confirmados.size,
    guardados: nuestros.length,
    perdidos,
    duplicados,
    entregasRepetidas,
    soloPorResincronizacion,
    huecos,
    desfases,
  };
}

/** Attempts by outcome, e.g. `{ 'http 503 SERVICIO_NO_DISPONIBLE': 4, 'socket 0 SIN_CONEXION': 2 }`. */
export function resumirIntentos(intentos: Intento[]): Record<string, number> {
  const r: Record<string, number> = {};
  for (const i of intentos) {
    const k = `${i.via} ${i.ok ? 'ok' : `${i.status} ${i.code ?? ''}`.trim()}`;
    r[k] = (r[k] ?? 0) + 1;
  }
  return r;
}

/**
 * The psychologist opens a chat with the patient over HTTP; both clients connect and are in sync.
 * The clients are pushed to `clientes` so the file closes them.
 */
export async function conversacionEnVivo(o: {
  url: string;
  tokenPsi: string;
  tokenPac: string;
  idPaciente: number;
  clientes: ClienteChat[];
}): Promise<{ idChat: number; psi: ClienteChat; pac: ClienteChat }> {
  const rChat = await fetch(`${o.url}/api/psicologo/chats`, {
    method: 'POST',
    headers: { authorization: `Bearer ${o.tokenPsi}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id_paciente: o.idPaciente }),
  });
  expect(rChat.status).toBe(201);
  const idChat = ((await rChat.json()) as { id_chat: number }).id_chat;
  const psi = clienteChat({ url: o.url, token: o.tokenPsi, rol: 'psicologo', idChat });
  const pac = clienteChat({ url: o.url, token: o.tokenPac, rol: 'paciente', idChat });
  o.clientes.push(psi, pac);
  await hasta(() => psi.alDia() && pac.alDia(), 10_000, 'los dos clientes conectados y al día');
  return { idChat, psi, pac };
}
