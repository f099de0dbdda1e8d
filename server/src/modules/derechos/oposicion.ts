// The opposition switches (decision 377): read and changed by the patient, every change audited in
// the same transaction. The uses themselves read them through comun/oposicion.ts.
import type { Oposicion, OposicionRespuesta } from '@miduelo/shared/derechos-oposicion';
import { eq } from 'drizzle-orm';
import { type Actor, auditar } from '../../comun/auditoria';
import type { DbOrTx } from '../../db/client';
import { oposicionPaciente } from '../../db/schema/oposicion';
import type { Ctx } from '../../plugins/contexto';

async function leer(db: DbOrTx, idPaciente: number): Promise<OposicionRespuesta> {
  const [f] = await db.select().from(oposicionPaciente).where(eq(oposicionPaciente.id_paciente, idPaciente));
  if (!f) return { correos: false, push: false, foro_sin_nombre: false, actualizada_en: null };
  return { correos: f.correos, push: f.push, foro_sin_nombre: f.foro_sin_nombre, actualizada_en: f.actualizada_en.toISOString() };
}

export const leerOposicion = (ctx: Ctx, idPaciente: number) => leer(ctx.db, idPaciente);

export async function cambiarOposicion(ctx: Ctx, o: { actor: Actor; idPaciente: number; oposicion: Oposicion }) {
  return ctx.db.transaction(async (tx) => {
    const antes = await leer(tx, o.idPaciente);
    const ahora = ctx.now();
    await tx
      .insert(oposicionPaciente)
      .values({ id_paciente: o.idPaciente, ...o.oposicion, actualizada_en: ahora })
      .onConflictDoUpdate({ target: oposicionPaciente.id_paciente, set: { ...o.oposicion, actualizada_en: ahora } });
    const cambios = (['correos', 'push', 'foro_sin_nombre'] as const).filter((k) => antes[k] !== o.oposicion[k]);
    if (cambios.length > 0)
      await auditar(tx, o.actor, {
        accion: 'cambiar_oposicion',
        recurso: 'oposicion_paciente',
        idRecurso: o.idPaciente,
        idPaciente: o.idPaciente,
        detalle: Object.fromEntries(cambios.map((k) => [k, o.oposicion[k]])),
      });
    return leer(tx, o.idPaciente);
  });
}
