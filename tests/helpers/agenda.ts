// Shared set-up of the agenda tests: a practice (psychologist, patients, sessions) and a clock
// fixed in the clinic's zone, so "today" and "now" are the test's decision.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from './app';
import { crearPaciente, crearPsicologo, type Paciente, type Psicologo, sesionPaciente, sesionPsicologo } from './fabricas';

/** Monday 1 March 2027, 09:00 in Mexico City (UTC-6 all year since 2022). */
export const LUNES = '2027-03-01';
export const INSTANTE_LUNES_9 = '2027-03-01T09:00:00-06:00';

export interface Practica {
  psicologo: Psicologo;
  token: string;
  pacientes: Paciente[];
  tokensPacientes: string[];
}

/** A psychologist with `nPacientes` patients and their sessions; `o` overrides the psychologist's columns. */
export async function crearPractica(t: AppDePrueba, nPacientes = 2, o: Parameters<typeof crearPsicologo>[1] = {}): Promise<Practica> {
  const psicologo = await crearPsicologo(t.db, o);
  const pacientes: Paciente[] = [];
  for (let i = 0; i < nPacientes; i++) pacientes.push(await crearPaciente(t.db, { id_psicologo: psicologo.id_psicologo }));
  return {
    psicologo,
    token: sesionPsicologo(t.app, psicologo),
    pacientes,
    tokensPacientes: pacientes.map((p) => sesionPaciente(t.app, p)),
  };
}

/** Tokens carry iat/exp from the injected clock: re-sign after moving it far. */
export function refirmar(t: AppDePrueba, p: Practica) {
  p.token = sesionPsicologo(t.app, p.psicologo);
  p.tokensPacientes = p.pacientes.map((x) => sesionPaciente(t.app, x));
}

export function cliente(t: AppDePrueba, token: () => string) {
  const llamar = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    inyectarCon(t.app, token(), { method, url, ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => llamar('GET', url),
    post: (url: string, payload: object) => llamar('POST', url, payload),
    put: (url: string, payload: object) => llamar('PUT', url, payload),
    del: (url: string) => llamar('DELETE', url),
  };
}

export function psicologoApi(t: AppDePrueba, p: Practica) {
  const c = cliente(t, () => p.token);
  const base = '/api/psicologo';
  return {
    ...c,
    crearCita: (body: object) =>
      c.post(`${base}/citas`, { id_paciente: p.pacientes[0]?.id_paciente, modalidad: 'Presencial', estado: 'pendiente', ...body }),
    actualizarCita: (id: number, body: object) => c.put(`${base}/citas/${id}`, body),
    eliminarCita: (id: number) => c.del(`${base}/citas/${id}`),
    agenda: (semana?: string) => c.get(`${base}/agenda/${p.psicologo.id_psicologo}${semana ? `?semana_inicio=${semana}` : ''}`),
    crearAgenda: (semana_inicio: string, semana_fin: string) =>
      c.post(`${base}/agenda`, { id_psicologo: p.psicologo.id_psicologo, semana_inicio, semana_fin }),
    citasDeAgenda: (id: number) => c.get(`${base}/citas/${id}`),
    disponibilidad: () => c.get(`${base}/disponibilidad/${p.psicologo.id_psicologo}`),
    agregarDisponibilidad: (dia_semana: string, hora_inicio: string, hora_fin: string) =>
      c.post(`${base}/disponibilidad`, { id_psicologo: p.psicologo.id_psicologo, dia_semana, hora_inicio, hora_fin }),
    crearExcepcion: (body: object) => c.post(`${base}/excepcion`, body),
  };
}

export type PsicologoApi = ReturnType<typeof psicologoApi>;

export interface ContextoAgenda {
  t: AppDePrueba;
  /** A fresh practice for each test. */
  p: Practica;
  /** The psychologist's API for `p`. */
  api: PsicologoApi;
}

/**
 * The set-up every agenda test file shares: one app (and database) per file, then before each test
 * the clock at Monday 09:00 in the clinic's zone and a fresh practice. Call it at the top level of
 * the file; the returned context is filled in by the hooks.
 */
export function usarAppDeAgenda(o: { pacientes?: number; escuchar?: boolean } = {}): ContextoAgenda {
  const ctx = {} as ContextoAgenda;
  beforeAll(async () => {
    ctx.t = await crearAppDePrueba();
    if (o.escuchar) await ctx.t.escuchar();
  });
  afterAll(() => ctx.t?.cerrar());
  beforeEach(async () => {
    ctx.t.reloj.fijar(INSTANTE_LUNES_9);
    ctx.p = await crearPractica(ctx.t, o.pacientes);
    ctx.api = psicologoApi(ctx.t, ctx.p);
  });
  return ctx;
}

export function json<T = Record<string, unknown>>(r: LightMyRequestResponse): T {
  return r.json() as T;
}
