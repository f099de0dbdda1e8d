// The consent documents in force (decision 146), read the way the registration form reads them. A
// test that registers a patient sends these versions, never a number of its own: publishing a new
// version (decision 367) must not turn its registrations into refusals.
import type { Db } from '@miduelo/server/db/client';
import { aceptacionConsentimiento, documentoConsentimiento } from '@miduelo/server/db/schema/consentimiento';
import type { TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import { and, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export type VersionesVigentes = Record<TipoConsentimiento, number>;

/** GET /api/paciente/consentimientos/vigentes as `{ aviso_privacidad, consentimiento_informado }`. */
export async function versionesVigentes(app: FastifyInstance): Promise<VersionesVigentes> {
  const r = await app.inject({ method: 'GET', url: '/api/paciente/consentimientos/vigentes' });
  if (r.statusCode !== 200) throw new Error(`documentos vigentes: ${r.statusCode} ${r.body}`);
  const docs: Array<{ tipo: TipoConsentimiento; version: number }> = r.json();
  return Object.fromEntries(docs.map((d) => [d.tipo, d.version])) as VersionesVigentes;
}

/** Publishes a newer version of one document (the one in force plus one), as a later migration
 * would; `retirar` takes it back with its acceptances, so the next tests of the file find the
 * documents of the migrations in force again. */
export async function publicarVersionNueva(
  db: Db,
  o: { tipo: TipoConsentimiento; titulo: string; texto: string },
): Promise<{ version: number; retirar: () => Promise<void> }> {
  const [{ vigente }] = await db
    .select({ vigente: max(documentoConsentimiento.version) })
    .from(documentoConsentimiento)
    .where(eq(documentoConsentimiento.tipo, o.tipo));
  const version = (vigente ?? 0) + 1;
  await db.insert(documentoConsentimiento).values({ ...o, version });
  const a = aceptacionConsentimiento;
  const d = documentoConsentimiento;
  return {
    version,
    retirar: async () => {
      await db.delete(a).where(and(eq(a.tipo, o.tipo), eq(a.version, version)));
      await db.delete(d).where(and(eq(d.tipo, o.tipo), eq(d.version, version)));
    },
  };
}
