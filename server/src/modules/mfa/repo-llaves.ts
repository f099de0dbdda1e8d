// Every statement of passkeys (decision 374): the credentials and their single-use challenges.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codigoRecuperacion } from '../../db/schema/mfa';
import { llaveAcceso, retoWebauthn } from '../../db/schema/passkeys';
import type { CuentaSesion } from '../../plugins/sesiones-cache';

export type Proposito = 'registro' | 'entrar' | 'segundo-paso';

const deCuenta = (c: CuentaSesion) => and(eq(llaveAcceso.cuentaTipo, c.tipo), eq(llaveAcceso.cuentaId, c.id));

export function llavesDe(db: DbOrTx, c: CuentaSesion) {
  return db.select().from(llaveAcceso).where(deCuenta(c)).orderBy(asc(llaveAcceso.creadaEn), asc(llaveAcceso.id));
}

export const contarLlaves = async (db: DbOrTx, c: CuentaSesion) =>
  Number((await db.select({ n: sql<number>`count(*)::int` }).from(llaveAcceso).where(deCuenta(c)))[0]?.n ?? 0);

/** The credential the browser named, of this kind of account. */
export async function llavePorCredencial(db: DbOrTx, o: { credencialId: string; tipo: CuentaSesion['tipo'] }) {
  const [l] = await db
    .select()
    .from(llaveAcceso)
    .where(and(eq(llaveAcceso.credencialId, o.credencialId), eq(llaveAcceso.cuentaTipo, o.tipo)));
  return l ?? null;
}

/** Stores a new credential; null when that credential is already registered (by anyone). */
export async function guardarLlave(
  db: DbOrTx,
  o: {
    cuenta: CuentaSesion;
    credencialId: string;
    llavePublica: string;
    contador: number;
    transportes: string[];
    nombre: string;
    respaldada: boolean;
    ahora: Date;
  },
) {
  const [l] = await db
    .insert(llaveAcceso)
    .values({
      cuentaTipo: o.cuenta.tipo,
      cuentaId: o.cuenta.id,
      credencialId: o.credencialId,
      llavePublica: o.llavePublica,
      contador: o.contador,
      transportes: o.transportes,
      nombre: o.nombre,
      respaldada: o.respaldada,
      creadaEn: o.ahora,
    })
    .onConflictDoNothing()
    .returning();
  return l ?? null;
}

/**
 * Records a use: the new counter and the instant. Conditional on the counter read before the
 * check, so two requests racing with the same assertion let only one in (a counter of 0 that
 * stays 0 is an authenticator without counter, allowed by WebAuthn).
 */
export async function usarLlave(db: DbOrTx, o: { id: number; antes: number; contador: number; respaldada: boolean; ahora: Date }) {
  const filas = await db
    .update(llaveAcceso)
    .set({ contador: o.contador, respaldada: o.respaldada, usadaEn: o.ahora })
    .where(and(eq(llaveAcceso.id, o.id), eq(llaveAcceso.contador, o.antes)))
    .returning({ id: llaveAcceso.id });
  return filas.length > 0;
}

export async function renombrarLlave(db: DbOrTx, o: { cuenta: CuentaSesion; id: number; nombre: string }) {
  const filas = await db
    .update(llaveAcceso)
    .set({ nombre: o.nombre })
    .where(and(deCuenta(o.cuenta), eq(llaveAcceso.id, o.id)))
    .returning({ id: llaveAcceso.id });
  return filas.length > 0;
}

export async function borrarLlave(db: DbOrTx, o: { cuenta: CuentaSesion; id: number }) {
  const [l] = await db
    .delete(llaveAcceso)
    .where(and(deCuenta(o.cuenta), eq(llaveAcceso.id, o.id)))
    .returning({ nombre: llaveAcceso.nombre });
  return l ?? null;
}

export async function guardarReto(
  db: DbOrTx,
  o: { reto: string; proposito: Proposito; tipo: CuentaSesion['tipo']; cuentaId: number | null; expiraEn: Date; ahora: Date },
) {
  // Lapsed challenges go as new ones come: the table stays small without a sweeper.
  await db.delete(retoWebauthn).where(lt(retoWebauthn.expiraEn, o.ahora));
  await db
    .insert(retoWebauthn)
    .values({ reto: o.reto, proposito: o.proposito, cuentaTipo: o.tipo, cuentaId: o.cuentaId, expiraEn: o.expiraEn });
}

/** Spends a challenge: answers it (its account) once, when unexpired and of this purpose. */
export async function gastarReto(db: DbOrTx, o: { reto: string; proposito: Proposito; tipo: CuentaSesion['tipo']; ahora: Date }) {
  const [r] = await db
    .delete(retoWebauthn)
    .where(
      and(
        eq(retoWebauthn.reto, o.reto),
        eq(retoWebauthn.proposito, o.proposito),
        eq(retoWebauthn.cuentaTipo, o.tipo),
        gt(retoWebauthn.expiraEn, o.ahora),
      ),
    )
    .returning({ cuentaId: retoWebauthn.cuentaId });
  return r ?? null;
}

/** The recovery codes go with the account's last factor. */
export async function borrarCodigos(db: DbOrTx, c: CuentaSesion) {
  await db.delete(codigoRecuperacion).where(and(eq(codigoRecuperacion.cuentaTipo, c.tipo), eq(codigoRecuperacion.cuentaId, c.id)));
}
