// Set-up shared by the activity tests: an app whose evidence lives in a directory of its own, a
// practice, and multipart bodies built by the platform's own FormData (as the mobile app sends).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from './app';
import { crearPractica, INSTANTE_LUNES_9, type Practica } from './agenda';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface ContextoActividades {
  t: AppDePrueba;
  p: Practica;
  dataDir: string;
}

/** `porProxy`: on PostgreSQL the app reaches its database through a TCP proxy a test can cut. */
export function usarAppDeActividades(o: { pacientes?: number; escuchar?: boolean; porProxy?: boolean } = {}): ContextoActividades {
  const ctx = {} as ContextoActividades;
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(path.join(os.tmpdir(), 'miduelo-evidencias-'));
    ctx.t = await crearAppDePrueba({ env: { DATA_DIR: ctx.dataDir }, porProxy: o.porProxy });
    if (o.escuchar) await ctx.t.escuchar();
  });
  afterAll(async () => {
    await ctx.t?.cerrar();
    if (ctx.dataDir) rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    ctx.t.reloj.fijar(INSTANTE_LUNES_9);
    ctx.p = await crearPractica(ctx.t, o.pacientes ?? 2);
  });
  return ctx;
}

/** Every file under DATA_DIR/evidencias (relative paths). */
export function archivosGuardados(dataDir: string): string[] {
  const raiz = path.join(dataDir, 'evidencias');
  try {
    return readdirSync(raiz, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(raiz, path.join(d.parentPath, d.name)));
  } catch {
    return [];
  }
}

export type Parte = { campo: string; valor: string } | { campo: string; archivo: Buffer; nombre: string; tipo?: string };

export async function multipart(partes: Parte[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  for (const p of partes) {
    if ('archivo' in p) fd.append(p.campo, new Blob([new Uint8Array(p.archivo)], { type: p.tipo ?? 'application/octet-stream' }), p.nombre);
    else fd.append(p.campo, p.valor);
  }
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') ?? '' } };
}

export async function subir(t: AppDePrueba, token: string, url: string, partes: Parte[]): Promise<LightMyRequestResponse> {
  const m = await multipart(partes);
  return inyectarCon(t.app, token, { method: 'POST', url, payload: m.payload, headers: m.headers });
}

export function llamar(t: AppDePrueba, token: string) {
  const f = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => (url: string, payload?: object) =>
    inyectarCon(t.app, token, { method, url, ...(payload ? { payload } : {}) });
  return { get: f('GET'), post: f('POST'), put: f('PUT'), patch: f('PATCH'), del: f('DELETE') };
}

/** Assigns a template (first module activity by default) to patients; answers the assignments. */
export async function asignarA(
  t: AppDePrueba,
  p: Practica,
  o: {
    id_actividad?: number;
    pacientes?: number[];
    fecha_limite?: string | null;
    prioridad?: string;
    instrucciones_personalizadas?: string;
  } = {},
) {
  const api = llamar(t, p.token);
  const id_actividad = o.id_actividad ?? (await primeraDeModulo(t, p));
  const r = await api.post('/api/psicologo/actividades/asignar', {
    id_actividad,
    pacientes: o.pacientes ?? [p.pacientes[0].id_paciente],
    fecha_limite: o.fecha_limite === undefined ? '2027-03-10' : o.fecha_limite,
    ...(o.prioridad ? { prioridad: o.prioridad } : {}),
    ...(o.instrucciones_personalizadas ? { instrucciones_personalizadas: o.instrucciones_personalizadas } : {}),
  });
  if (r.statusCode !== 201) throw new Error(`asignar: ${r.statusCode} ${r.body}`);
  return (r.json() as { asignaciones: Array<{ id_asignacion: number; id_paciente: number }> }).asignaciones;
}

export async function primeraDeModulo(t: AppDePrueba, p: Practica): Promise<number> {
  const r = await llamar(t, p.token).get('/api/psicologo/actividades');
  const lista = r.json() as Array<{ id_actividad: number; origen: string }>;
  const m = lista.find((x) => x.origen === 'modulo');
  if (!m) throw new Error('no hay actividades de módulo');
  return m.id_actividad;
}
