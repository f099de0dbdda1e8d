// Consent of patients (decision 146): registration records the versions accepted; a new version is
// reported at login and accepted through the API; the patient file shows the state.
import { MSG_CONSENTIMIENTO, type EstadoConsentimiento, type TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import { type Actor, auditar } from '../../comun/auditoria';
import { esPacienteDe } from '../../comun/repo';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { documentosVigentes, existeAceptacion, insertarAceptaciones, ultimasAceptaciones } from './repo-consentimiento';

export function textosVigentes(ctx: Pick<Ctx, 'db'>) {
  return documentosVigentes(ctx.db);
}

/** Inside the registration's transaction: the versions the patient accepted must be the ones in force. */
export async function registrarConsentimientoInicial(
  tx: DbOrTx,
  o: { idPaciente: number; aceptadas: Record<TipoConsentimiento, number>; ahora: Date; ip: string | null },
) {
  const vigentes = await documentosVigentes(tx);
  if (vigentes.some((d) => o.aceptadas[d.tipo] !== d.version))
    throw conflict(MSG_CONSENTIMIENTO.desactualizado, 'CONSENTIMIENTO_DESACTUALIZADO');
  await insertarAceptaciones(
    tx,
    vigentes.map((d) => ({ id_paciente: o.idPaciente, tipo: d.tipo, version: d.version, aceptadoEn: o.ahora, ip: o.ip })),
  );
}

/** The checks before a registration does any work: outdated versions are refused at once. */
export async function comprobarVersiones(db: DbOrTx, aceptadas: Record<TipoConsentimiento, number>) {
  const vigentes = await documentosVigentes(db);
  if (vigentes.some((d) => aceptadas[d.tipo] !== d.version))
    throw conflict(MSG_CONSENTIMIENTO.desactualizado, 'CONSENTIMIENTO_DESACTUALIZADO');
}

export async function estadoConsentimiento(db: DbOrTx, idPaciente: number): Promise<EstadoConsentimiento[]> {
  const [vigentes, aceptadas] = await Promise.all([documentosVigentes(db), ultimasAceptaciones(db, idPaciente)]);
  return vigentes.map((d) => {
    const a = aceptadas.find((x) => x.tipo === d.tipo);
    return {
      tipo: d.tipo,
      titulo: d.titulo,
      version_vigente: d.version,
      version_aceptada: a?.version ?? null,
      aceptado_en: a ? a.aceptadoEn.toISOString() : null,
      al_dia: a?.version === d.version,
    };
  });
}

/** What login reports as still to accept. */
export async function pendientesDe(db: DbOrTx, idPaciente: number) {
  return (await estadoConsentimiento(db, idPaciente))
    .filter((e) => !e.al_dia)
    .map((e) => ({ tipo: e.tipo, version: e.version_vigente, titulo: e.titulo }));
}

export async function aceptarConsentimiento(
  ctx: Pick<Ctx, 'db' | 'now'>,
  o: { idPaciente: number; tipo: TipoConsentimiento; version: number; actor: Actor },
) {
  // The state answered is read before the commit: once committed it cannot fail (decision 298).
  const estado = await ctx.db.transaction(async (tx) => {
    const vigente = (await documentosVigentes(tx)).find((d) => d.tipo === o.tipo);
    if (vigente?.version !== o.version) throw conflict(MSG_CONSENTIMIENTO.desactualizado, 'CONSENTIMIENTO_DESACTUALIZADO');
    if (!(await existeAceptacion(tx, { idPaciente: o.idPaciente, tipo: o.tipo, version: o.version }))) {
      await insertarAceptaciones(tx, [
        { id_paciente: o.idPaciente, tipo: o.tipo, version: o.version, aceptadoEn: ctx.now(), ip: o.actor.ip },
      ]);
      await auditar(tx, o.actor, {
        accion: 'aceptar_consentimiento',
        recurso: 'consentimiento',
        idRecurso: o.tipo,
        idPaciente: o.idPaciente,
        detalle: { version: o.version },
      });
    }
    return estadoConsentimiento(tx, o.idPaciente);
  });
  return { msg: MSG_CONSENTIMIENTO.aceptado, estado };
}

/** The patient file's view: only the patient's own psychologist (another one → 404, nothing leaked). */
export async function consentimientoDePaciente(ctx: Pick<Ctx, 'db'>, o: { idPsicologo: number; idPaciente: number }) {
  if (!(await esPacienteDe(ctx.db, o.idPsicologo, o.idPaciente))) throw notFound('Paciente no encontrado');
  return estadoConsentimiento(ctx.db, o.idPaciente);
}
