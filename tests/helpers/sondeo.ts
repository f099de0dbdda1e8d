// The independent probe's method (issue 10) as reusable test tools: what the running app exposes
// (HTTP routes, socket events), a fingerprint of every table to prove a refused call wrote nothing,
// and a practice for each role of the authorization table.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { crearTokenUnUso } from '@miduelo/server/modules/cuentas/tokens';
import { eq } from 'drizzle-orm';
import type { AppDePrueba } from './app';
import {
  crearPaciente as crearPacienteFab,
  crearPsicologo as crearPsicologoFab,
  type Paciente,
  type Psicologo,
  sesionPaciente,
  sesionPsicologo,
} from './fabricas';
import { conectar, esperarConexion, type SocketCliente } from './socket';

// The factories' default emails and phones come from the clock and a counter; thousands of
// accounts in one file can repeat one, so the probe's accounts carry their own unique fields.
let unico = Math.floor(Math.random() * 1_000_000);
function unicos() {
  const n = String(++unico).padStart(7, '0').slice(-7);
  return { n, correo: `sondeo${n}@prueba.mx`, telefono: `77${n}0`.slice(0, 10) };
}
export function crearPsicologo(db: Parameters<typeof crearPsicologoFab>[0], o: Parameters<typeof crearPsicologoFab>[1] = {}) {
  const u = unicos();
  return crearPsicologoFab(db, {
    correo: u.correo,
    telefono: u.telefono,
    cedula: `9${u.n}`,
    codigo_vinculacion: `S${u.n.slice(-6)}`,
    ...o,
  });
}
export function crearPaciente(db: Parameters<typeof crearPacienteFab>[0], o: Parameters<typeof crearPacienteFab>[1] = {}) {
  const u = unicos();
  return crearPacienteFab(db, { email: u.correo.replace('sondeo', 'sondeo-pac'), telefono: `66${u.n}0`.slice(0, 10), ...o });
}

// ---------------------------------------------------------------- what the app exposes

/** `METHOD /path/:param` of every route the app registered, read from its router (HEAD twins and
 * the files of the built client left out). Param names merged by the router (`:a|:b`) come back
 * as `:`; compare keys with `claveCanonica`. */
export function rutasRegistradas(app: FastifyInstance): string[] {
  const lineas = app.printRoutes({ commonPrefix: false }).split('\n');
  const pila: { nivel: number; ruta: string }[] = [];
  const rutas = new Set<string>();
  for (const linea of lineas) {
    const m = /^([│ ]*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(linea.replace(/\u00a0/g, ' '));
    if (!m) continue;
    const nivel = m[1].length / 4;
    while (pila.length && pila[pila.length - 1].nivel >= nivel) pila.pop();
    const ruta = (pila.length ? pila[pila.length - 1].ruta : '') + m[2];
    pila.push({ nivel, ruta });
    if (!m[3]) continue;
    for (const metodo of m[3].split(',').map((s) => s.trim())) {
      if (metodo === 'HEAD') continue;
      rutas.add(`${metodo} ${ruta}`);
    }
  }
  return [...rutas].filter((r) => !esArchivoDelCliente(r.split(' ')[1])).sort();
}

/** The built client (and the patient's app at /app) and the operator's downloads are static files, not API. */
function esArchivoDelCliente(ruta: string): boolean {
  return (
    ruta === '/' ||
    ruta === '/app' ||
    ruta === '/app/' ||
    ruta.startsWith('/descargas/') ||
    ruta === '/*' ||
    /\.[a-z0-9]{1,12}$/i.test(ruta)
  );
}

export const claveCanonica = (clave: string) => clave.replace(/:[A-Za-z_][\w|:]*/g, ':');

/** Events the server-side socket of a session listens to (Socket.IO's reserved ones left out). */
export async function eventosDelServidor(t: AppDePrueba, token: string): Promise<string[]> {
  const s = conectar(t.url, token);
  try {
    await esperarConexion(s);
    const del = t.app.realtime.io.sockets.sockets.get(s.id ?? '');
    if (!del) throw new Error('no se encontró el socket del servidor');
    // Listeners on the socket, and the events the realtime plugin dispatches to every socket (decision 084).
    const propios = del
      .eventNames()
      .map(String)
      .filter((e) => !['disconnect', 'disconnecting', 'error', 'newListener', 'removeListener'].includes(e));
    return [...new Set([...propios, ...t.app.realtime.eventos()])].sort();
  } finally {
    s.close();
  }
}

// ---------------------------------------------------------------- every table's fingerprint

/** Row count and md5 of every row of every table of the app (public schema). Equal fingerprints
 * before and after a call mean it wrote nothing. */
export async function huellaTablas(t: AppDePrueba): Promise<Record<string, string>> {
  const tablas = filas<{ table_name: string }>(
    await t.db.execute(
      sql.raw(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
    ),
  ).map((r) => r.table_name);
  const consulta = tablas
    .map(
      (n) =>
        `select '${n}' as tabla, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${n}" x`,
    )
    .join(' union all ');
  // Ordered: PostgreSQL may run the branches of a union as a parallel append, in any order.
  const r = filas<{ tabla: string; h: string }>(await t.db.execute(sql.raw(`select * from (${consulta}) u order by tabla`)));
  return Object.fromEntries(r.map((x) => [x.tabla, x.h]));
}

function filas<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

// ---------------------------------------------------------------- Spanish messages

// Words of valibot's and Fastify's English defaults ('Invalid type: Expected string but received…',
// 'body must be object', 'Route GET:/x not found', 'Internal Server Error'…).
const INGLES =
  /\b(invalid|expected|received|must|should|required|not found|error|internal|server|body|type|value|length|request|route|unexpected|cannot|failed)\b/i;

/** A Spanish `msg` for the user: a non-empty string with none of the English defaults' words. */
export function problemaDeMensaje(msg: unknown): string | null {
  if (typeof msg !== 'string' || msg.trim() === '') return `msg ausente o vacío: ${JSON.stringify(msg)}`;
  const m = INGLES.exec(msg.replace(/[áéíóúñ]/gi, ''));
  if (m && !/\b(error en el servidor)\b/i.test(msg)) return `msg en inglés ('${m[0]}'): ${msg}`;
  return null;
}

export function cuerpoJson(r: LightMyRequestResponse): Record<string, unknown> | null {
  try {
    return r.json() as Record<string, unknown>;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- roles and their practices

export const ROLES = ['anonimo', 'paciente', 'otroPaciente', 'psicologo', 'otroPsicologo', 'admin', 'limitado'] as const;
export type Rol = (typeof ROLES)[number];

/** A psychologist with a patient, an availability slot and an open chat with one message. */
export interface Practica {
  psicologo: Psicologo;
  paciente: Paciente;
  idDisponibilidad: number;
  idChat: number;
  /** A private forum of the psychologist (its only participant), with a topic and a post naming the mark. */
  idForo: number;
  idTema: number;
}

export interface Escenario {
  p1: Practica;
  p2: Practica;
  lim: Practica;
  admin: Psicologo;
  /** The administrator's conversation with p1. */
  idChatAdmin: number;
  /** A secret written in p1's notes and chat: no other account may ever read it. */
  marca: string;
  token(rol: Rol): string | undefined;
  /** The practice whose resources a role names: its own for the limited psychologist (the point is
   * what the limitation forbids it to do with its own practice), p1's for everyone else. */
  practicaDe(rol: Rol): Practica;
}

/** Monday 7 June 2027; every case books in a week of its own after it. */
const LUNES_BASE = Date.UTC(2027, 5, 7);
export const fechaDeSemana = (semana: number, dia = 0) => new Date(LUNES_BASE + (semana * 7 + dia) * 86_400_000).toISOString().slice(0, 10);

async function llamar(t: AppDePrueba, token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const r = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  if (r.statusCode >= 300) throw new Error(`preparación: ${method} ${url} respondió ${r.statusCode} ${r.body}`);
  return r.json() as Record<string, never>;
}

/** The `data` of a forum answer (spec 2 §7 wraps them). */
const dato = (r: Record<string, never>) => (r as unknown as { data: Record<string, number> }).data;

async function crearPractica(t: AppDePrueba, marca: string, o: Parameters<typeof crearPsicologo>[1] = {}): Promise<Practica> {
  const psi = await crearPsicologo(t.db, o);
  const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
  const tk = sesionPsicologo(t.app, psi);
  const disp = await llamar(t, tk, 'POST', '/api/psicologo/disponibilidad', {
    id_psicologo: psi.id_psicologo,
    dia_semana: 'Lunes',
    hora_inicio: '08:00',
    hora_fin: '20:00',
  });
  const chat = await llamar(t, tk, 'POST', '/api/psicologo/chats', { id_paciente: pac.id_paciente });
  await llamar(t, tk, 'POST', '/api/psicologo/mensajes', { id_chat: chat.id_chat, contenido: `Sesión de duelo ${marca}` });
  const foro = await llamar(t, tk, 'POST', '/api/foros', { titulo: `Foro ${marca}`, publico: false });
  const tema = await llamar(t, tk, 'POST', `/api/foros/${dato(foro).id_foro}/temas`, { titulo: `Tema ${marca}` });
  await llamar(t, tk, 'POST', `/api/foros/temas/${dato(tema).id_tema}/mensajes`, { contenido: `Mensaje ${marca}` });
  return {
    psicologo: psi,
    paciente: pac,
    idDisponibilidad: disp.id ?? disp.id_disponibilidad,
    idChat: chat.id_chat,
    idForo: dato(foro).id_foro,
    idTema: dato(tema).id_tema,
  };
}

/** Marks a psychologist as limited: licence not validated and registered long before the grace. */
export async function limitar(t: AppDePrueba, p: Psicologo, limitado = true) {
  await t.db
    .update(psicologo)
    .set(limitado ? { cedula_validada: false, createdAt: new Date('2020-01-01T00:00:00Z') } : { cedula_validada: true })
    .where(eq(psicologo.id_psicologo, p.id_psicologo));
  // A write outside the services tells the session cache, as every writer of account state must (decision 082).
  await t.app.sesiones.olvidarCuenta({ tipo: 'psicologo', id: p.id_psicologo });
}

export async function crearEscenario(t: AppDePrueba): Promise<Escenario> {
  const marca = `SECRETO${Date.now().toString(36).toUpperCase()}`;
  const p1 = await crearPractica(t, marca);
  const p2 = await crearPractica(t, 'OTRA');
  const lim = await crearPractica(t, 'LIMITADA');
  await limitar(t, lim.psicologo);
  const admin = await crearPsicologo(t.db, { rol_admin: true });
  const tkAdmin = sesionPsicologo(t.app, admin);
  const ca = await llamar(t, tkAdmin, 'POST', '/api/admin/chats', {
    destinatario_tipo: 'psicologo',
    destinatario_id: p1.psicologo.id_psicologo,
  });
  await llamar(t, tkAdmin, 'POST', '/api/admin/mensajes', { id_chat_admin: ca.id_chat_admin, contenido: 'Hola desde administración' });
  return {
    p1,
    p2,
    lim,
    admin,
    idChatAdmin: ca.id_chat_admin,
    marca,
    // Signed per call: a case that logs out revokes only its own token.
    token(rol) {
      switch (rol) {
        case 'anonimo':
          return undefined;
        case 'paciente':
          return sesionPaciente(t.app, p1.paciente);
        case 'otroPaciente':
          return sesionPaciente(t.app, p2.paciente);
        case 'psicologo':
          return sesionPsicologo(t.app, p1.psicologo);
        case 'otroPsicologo':
          return sesionPsicologo(t.app, p2.psicologo);
        case 'admin':
          return sesionPsicologo(t.app, admin);
        case 'limitado':
          return sesionPsicologo(t.app, lim.psicologo);
      }
    },
    practicaDe: (rol) => (rol === 'limitado' ? lim : p1),
  };
}

/** Resources one case names, fresh so that an allowed call of an earlier case cannot hide a
 * later one's answer: an appointment and an exception in the case's own week, a patient without a
 * chat, accounts to disable, and one-time tokens of accounts made for the case. */
export interface Recursos {
  semana: number;
  idCita: number;
  idAgenda: number;
  idExcepcion: number;
  pacienteSinChat: Paciente;
  victimaPsicologo: Psicologo;
  victimaPaciente: Paciente;
  tokenActivacionPsicologo: string;
  tokenActivacionPaciente: string;
  tokenRestablecer: string;
  /** Clinical record (issue 13): a test, a full set of its answers, an application and a note. */
  idTest: number;
  respuestasTest: { id_pregunta: number; respuesta: number }[];
  idAplicacion: number;
  idNota: number;
  /** A public forum of the practice's psychologist (its admin), its patient a member, a topic with
   * the patient's post, and an invitation of another psychologist's forum to the practice's one. */
  foro: { idForo: number; idTema: number; idMensaje: number; idMiembro: number; idInvitacion: number };
  /** The practice's own activity template, its assignment to the practice's patient (instructions
   * carry p1's secret) and a file evidence the patient uploaded and allowed the psychologist to see. */
  idPlantilla: number;
  idAsignacion: number;
  idEvidencia: number;
  /** A diary entry the practice's patient shared (its note carries p1's secret). */
  idEntrada: number;
}

/** A multipart upload through the app, as the mobile app sends it. */
async function subirEvidencia(t: AppDePrueba, token: string, idAsignacion: number): Promise<number> {
  const fd = new FormData();
  fd.append('visible_para_psicologo', 'true');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  fd.append('archivo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dibujo.png');
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/paciente/actividades/${idAsignacion}/evidencias`,
    headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  if (r.statusCode !== 201) throw new Error(`preparación: evidencia respondió ${r.statusCode} ${r.body}`);
  return (r.json() as { id_evidencia: number }).id_evidencia;
}

let semanas = 0;
export async function crearRecursos(t: AppDePrueba, e: Escenario, practica: Practica): Promise<Recursos> {
  const semana = ++semanas;
  const esLim = practica === e.lim;
  if (esLim) await limitar(t, practica.psicologo, false);
  try {
    const tk = sesionPsicologo(t.app, practica.psicologo);
    const cita = await llamar(t, tk, 'POST', '/api/psicologo/citas', {
      id_paciente: practica.paciente.id_paciente,
      fecha: fechaDeSemana(semana, 0),
      hora_inicio: '10:00',
      modalidad: 'Presencial',
      notas: `Notas ${practica === e.p1 ? e.marca : 'otras'}`,
    });
    // The slot the DELETE-by-slot row names (an earlier case may have deleted it).
    await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/disponibilidad',
      headers: { authorization: `Bearer ${tk}` },
      payload: { id_psicologo: practica.psicologo.id_psicologo, dia_semana: 'Domingo', hora_inicio: '09:00', hora_fin: '10:00' },
    });
    const exc = await llamar(t, tk, 'POST', '/api/psicologo/excepcion', { fecha: fechaDeSemana(semana, 1), motivo: 'Congreso' });
    const pacienteSinChat = await crearPaciente(t.db, { id_psicologo: practica.psicologo.id_psicologo });
    const victimaPsicologo = await crearPsicologo(t.db);
    const victimaPaciente = await crearPaciente(t.db, { id_psicologo: practica.psicologo.id_psicologo });
    const sinActivar = await crearPsicologo(t.db, { activadoEn: null });
    const pacSinActivar = await crearPaciente(t.db, { id_psicologo: practica.psicologo.id_psicologo, activadoEn: null });
    const ahora = t.config.now();
    const [test] = (await llamar(t, tk, 'GET', '/api/psicologo/tests')) as unknown as { id_test: number }[];
    const detalle = (await llamar(t, tk, 'GET', `/api/psicologo/tests/${test.id_test}`)) as unknown as {
      preguntas: { id_pregunta: number }[];
    };
    const respuestasTest = detalle.preguntas.map((q) => ({ id_pregunta: q.id_pregunta, respuesta: 3 }));
    const aplicacion = await llamar(t, tk, 'POST', '/api/psicologo/tests/aplicar', {
      id_test: test.id_test,
      id_paciente: practica.paciente.id_paciente,
      respuestas: respuestasTest,
    });
    const nota = await llamar(t, tk, 'POST', '/api/psicologo/notas', {
      id_paciente: practica.paciente.id_paciente,
      titulo: 'Sesión',
      contenido: `Nota ${practica === e.p1 ? e.marca : 'otras'}`,
    });
    const foro = await llamar(t, tk, 'POST', '/api/foros', { titulo: 'Foro público de la práctica', publico: true });
    const idForo = dato(foro).id_foro;
    const tkPac = sesionPaciente(t.app, practica.paciente);
    await llamar(t, tkPac, 'POST', `/api/foros/${idForo}/unirse`);
    const tema = await llamar(t, tk, 'POST', `/api/foros/${idForo}/temas`, { titulo: 'Tema de la práctica' });
    const post = await llamar(t, tkPac, 'POST', `/api/foros/temas/${dato(tema).id_tema}/mensajes`, { contenido: 'Hola a todos' });
    const participantes = await llamar(t, tk, 'GET', `/api/foros/${idForo}/participantes`);
    const miembro = ((participantes as unknown as { data: unknown }).data as { id_participante: number; rol: string }[]).find(
      (p) => p.rol === 'miembro',
    );
    const otro = practica === e.p2 ? e.p1 : e.p2;
    const tkOtro = sesionPsicologo(t.app, otro.psicologo);
    const foroOtro = await llamar(t, tkOtro, 'POST', '/api/foros', { titulo: 'Foro de otra práctica', publico: false });
    const inv = await llamar(t, tkOtro, 'POST', `/api/foros/${dato(foroOtro).id_foro}/invitar`, { correo: practica.psicologo.correo });
    const secreto = practica === e.p1 ? e.marca : 'otras';
    const plantilla = await llamar(t, tk, 'POST', '/api/psicologo/actividades', {
      titulo: `Carta ${secreto}`,
      tipo: 'Escritura terapéutica',
    });
    const asignadas = (await llamar(t, tk, 'POST', '/api/psicologo/actividades/asignar', {
      id_actividad: plantilla.id_actividad,
      pacientes: [practica.paciente.id_paciente],
      instrucciones_personalizadas: `Instrucciones ${secreto}`,
    })) as unknown as { asignaciones: Array<{ id_asignacion: number }> };
    const idAsignacion = asignadas.asignaciones[0].id_asignacion;
    const idEvidencia = await subirEvidencia(t, tkPac, idAsignacion);
    const entrada = await llamar(t, tkPac, 'POST', '/api/paciente/diario', {
      emocion: 'Nostalgia',
      intensidad: 6,
      nota: `Nota ${secreto}`,
      compartida: true,
    });
    return {
      idTest: test.id_test,
      respuestasTest,
      idAplicacion: aplicacion.id_aplicacion,
      idNota: nota.id_nota,
      foro: {
        idForo,
        idTema: dato(tema).id_tema,
        idMensaje: dato(post).id_mensaje,
        idMiembro: miembro?.id_participante ?? 0,
        idInvitacion: dato(inv).id_invitacion,
      },
      idPlantilla: plantilla.id_actividad,
      idAsignacion,
      idEvidencia,
      idEntrada: entrada.id_entrada,
      semana,
      idCita: cita.id_cita,
      idAgenda: cita.id_agenda,
      idExcepcion: exc.id ?? exc.id_excepcion,
      pacienteSinChat,
      victimaPsicologo,
      victimaPaciente,
      tokenActivacionPsicologo: await crearTokenUnUso(t.db, {
        proposito: 'activacion',
        cuentaTipo: 'psicologo',
        cuentaId: sinActivar.id_psicologo,
        ahora,
        horas: 48,
      }),
      tokenActivacionPaciente: await crearTokenUnUso(t.db, {
        proposito: 'activacion',
        cuentaTipo: 'paciente',
        cuentaId: pacSinActivar.id_paciente,
        ahora,
        horas: 48,
      }),
      tokenRestablecer: await crearTokenUnUso(t.db, {
        proposito: 'restablecer',
        cuentaTipo: 'psicologo',
        cuentaId: victimaPsicologo.id_psicologo,
        ahora,
        horas: 1,
      }),
    };
  } finally {
    if (esLim) await limitar(t, practica.psicologo, true);
  }
}

/** A connected socket of a session (closed by the caller). */
export async function socketDe(t: AppDePrueba, token: string): Promise<SocketCliente> {
  const s = conectar(t.url, token);
  await esperarConexion(s);
  return s;
}

/** Emits with an acknowledgement, rejecting after `ms` without one. */
export function emitirConAck<T = { ok: boolean; msg?: string; code?: string; status?: number }>(
  s: SocketCliente,
  evento: string,
  payload: unknown,
  ms = 5_000,
): Promise<T> {
  return (s as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<T> } })
    .timeout(ms)
    .emitWithAck(evento, payload);
}

/** Emits any event with any arguments (what a tampered client can do; the typed map forbids it). */
export function emitirLibre(s: SocketCliente, evento: string, ...args: unknown[]): void {
  (s as unknown as { emit(e: string, ...a: unknown[]): void }).emit(evento, ...args);
}
