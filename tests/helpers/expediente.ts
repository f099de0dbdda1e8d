// Helpers of the clinical-record tests: an API client, answers built from a test's questions, the
// catalogue by name, and the audit rows of a patient.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestDetalle } from '@miduelo/shared/expediente';
import { type AppDePrueba, inyectarCon } from './app';

export function api(t: AppDePrueba, token: string) {
  const llamar = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    inyectarCon(t.app, token, { method, url, ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => llamar('GET', url),
    post: (url: string, payload: object) => llamar('POST', url, payload),
    put: (url: string, payload: object) => llamar('PUT', url, payload),
    del: (url: string) => llamar('DELETE', url),
  };
}
export type Api = ReturnType<typeof api>;

export const B = '/api/psicologo';

/** The catalogue's tests with their questions, by a fragment of the name. */
export async function testPorNombre(c: Api, fragmento: string): Promise<TestDetalle> {
  const lista = (await c.get(`${B}/tests`)).json() as { id_test: number; nombre: string }[];
  const t = lista.find((x) => x.nombre.includes(fragmento));
  if (!t) throw new Error(`no hay test con «${fragmento}»`);
  return (await c.get(`${B}/tests/${t.id_test}`)).json() as TestDetalle;
}

/** One answer per question, from its order. */
export function respuestas(t: TestDetalle, valor: (orden: number) => unknown) {
  return t.preguntas.map((p) => ({ id_pregunta: p.id_pregunta, respuesta: valor(p.orden) }));
}

export async function aplicar(
  c: Api,
  t: TestDetalle,
  idPaciente: number,
  valor: (orden: number) => unknown,
): Promise<LightMyRequestResponse> {
  return c.post(`${B}/tests/aplicar`, { id_test: t.id_test, id_paciente: idPaciente, respuestas: respuestas(t, valor) });
}

export async function filasSql<T = Record<string, unknown>>(t: AppDePrueba, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = await t.db.execute(consulta);
  return (Array.isArray(r) ? r : (r as unknown as { rows: T[] }).rows) as T[];
}

export interface FilaAuditoria {
  actor_tipo: string;
  actor_id: number | null;
  accion: string;
  recurso: string;
  id_recurso: string | null;
  id_paciente: number | null;
  ip: string | null;
  detalle: Record<string, unknown> | null;
}

export async function auditoriaDe(t: AppDePrueba, idPaciente: number): Promise<FilaAuditoria[]> {
  return filasSql<FilaAuditoria>(
    t,
    sql`select actor_tipo, actor_id, accion, recurso, id_recurso, id_paciente, ip, detalle from auditoria
         where id_paciente = ${idPaciente} order by id_auditoria`,
  );
}

export async function contarFilas(t: AppDePrueba): Promise<Record<string, number>> {
  const r = await filasSql<{ t: string; n: number }>(
    t,
    sql`select 'aplicacion_test' t, count(*)::int n from aplicacion_test
        union all select 'respuesta_test', count(*)::int from respuesta_test
        union all select 'nota', count(*)::int from nota
        union all select 'auditoria', count(*)::int from auditoria`,
  );
  return Object.fromEntries(r.map((x) => [x.t, Number(x.n)]));
}
