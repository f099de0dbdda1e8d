import { and, desc, eq, sql } from 'drizzle-orm';
import type { TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import type { DbOrTx } from '../../db/client';
import { aceptacionConsentimiento, documentoConsentimiento } from '../../db/schema/consentimiento';

/** The version in force of each document (the highest). */
export async function documentosVigentes(db: DbOrTx) {
  const filas = await db
    .selectDistinctOn([documentoConsentimiento.tipo])
    .from(documentoConsentimiento)
    .orderBy(documentoConsentimiento.tipo, desc(documentoConsentimiento.version));
  return filas.map((f) => ({ tipo: f.tipo as TipoConsentimiento, version: f.version, titulo: f.titulo, texto: f.texto }));
}

/** The latest acceptance of each document by one patient. */
export async function ultimasAceptaciones(db: DbOrTx, idPaciente: number) {
  const filas = await db
    .selectDistinctOn([aceptacionConsentimiento.tipo], {
      tipo: aceptacionConsentimiento.tipo,
      version: aceptacionConsentimiento.version,
      aceptadoEn: aceptacionConsentimiento.aceptadoEn,
    })
    .from(aceptacionConsentimiento)
    .where(eq(aceptacionConsentimiento.id_paciente, idPaciente))
    .orderBy(aceptacionConsentimiento.tipo, desc(aceptacionConsentimiento.version), desc(aceptacionConsentimiento.aceptadoEn));
  return filas;
}

export async function insertarAceptaciones(
  db: DbOrTx,
  filas: Array<{ id_paciente: number; tipo: TipoConsentimiento; version: number; aceptadoEn: Date; ip: string | null }>,
) {
  if (filas.length) await db.insert(aceptacionConsentimiento).values(filas);
}

export async function existeAceptacion(db: DbOrTx, o: { idPaciente: number; tipo: string; version: number }) {
  const [f] = await db
    .select({ n: sql<number>`1` })
    .from(aceptacionConsentimiento)
    .where(
      and(
        eq(aceptacionConsentimiento.id_paciente, o.idPaciente),
        eq(aceptacionConsentimiento.tipo, o.tipo),
        eq(aceptacionConsentimiento.version, o.version),
      ),
    );
  return !!f;
}
