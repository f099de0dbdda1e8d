// The audit log every domain calls (docs/decisions/090). A write of clinical data or an
// administrative act calls `auditar` with the SAME transaction as the write, so the act and its
// row commit together or not at all; a read calls it before answering, so a read whose row cannot
// be written fails (fail closed) instead of handing out data that left no trace.
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditoria } from '../db/schema/auditoria';

export type TipoActor = 'psicologo' | 'paciente' | 'admin' | 'sistema';

export interface Actor {
  tipo: TipoActor;
  /** id_psicologo (also for administrators) or id_paciente; null for the system. */
  id: number | null;
  /** The client's address as Fastify resolved it (TRUST_PROXY aware). */
  ip: string | null;
}

export interface EntradaAuditoria {
  accion: string;
  recurso: string;
  idRecurso?: string | number | null;
  idPaciente?: number | null;
  /** Non-clinical detail only (states, ids, counts) — never note, answer or message text. */
  detalle?: Record<string, unknown> | null;
}

/** Who is acting in a request already authenticated by one of the auth guards. */
export function actorDe(request: FastifyRequest): Actor {
  const s = request.sesion;
  const ip = request.ip ?? null;
  if (s?.tipo === 'psicologo') return { tipo: s.rol_admin ? 'admin' : 'psicologo', id: s.id_psicologo, ip };
  if (s?.tipo === 'paciente') return { tipo: 'paciente', id: s.id_paciente, ip };
  return { tipo: 'sistema', id: null, ip };
}

/** The system acting on its own (jobs, start-up). */
export const SISTEMA: Actor = { tipo: 'sistema', id: null, ip: null };

/** Writes one or more audit rows; throws when they cannot be written (the caller fails closed). */
export async function auditar(db: DbOrTx, actor: Actor, entradas: EntradaAuditoria | EntradaAuditoria[]): Promise<void> {
  const lista = Array.isArray(entradas) ? entradas : [entradas];
  if (lista.length === 0) return;
  await db.insert(auditoria).values(
    lista.map((e) => ({
      actor_tipo: actor.tipo,
      actor_id: actor.id,
      ip: actor.ip,
      accion: e.accion,
      recurso: e.recurso,
      id_recurso: e.idRecurso == null ? null : String(e.idRecurso),
      id_paciente: e.idPaciente ?? null,
      detalle: e.detalle ?? null,
    })),
  );
}
