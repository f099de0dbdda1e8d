// Every statement of two-step verification (decision 370).
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paciente, psicologo, tokenRevocado } from '../../db/schema/cuentas';
import { codigoRecuperacion, factorTotp } from '../../db/schema/mfa';
import type { CuentaSesion } from '../../plugins/sesiones-cache';

const deCuenta = (c: CuentaSesion) => and(eq(factorTotp.cuentaTipo, c.tipo), eq(factorTotp.cuentaId, c.id));
const codigosDe = (c: CuentaSesion) => and(eq(codigoRecuperacion.cuentaTipo, c.tipo), eq(codigoRecuperacion.cuentaId, c.id));

/** The account's factor, confirmed or only started. */
export async function factorDe(db: DbOrTx, c: CuentaSesion) {
  const [f] = await db.select().from(factorTotp).where(deCuenta(c));
  return f ?? null;
}

/** Whether the account has a confirmed factor (the login's question; one indexed read). */
export async function tieneFactor(db: DbOrTx, c: CuentaSesion): Promise<boolean> {
  const [f] = await db
    .select({ id: factorTotp.id })
    .from(factorTotp)
    .where(and(deCuenta(c), isNotNull(factorTotp.confirmadoEn)));
  return !!f;
}

/** A new enrolment replaces a started one; a confirmed factor is never overwritten here. */
export async function iniciarFactor(db: DbOrTx, o: { cuenta: CuentaSesion; secreto: string; ahora: Date }): Promise<boolean> {
  const filas = await db
    .insert(factorTotp)
    .values({ cuentaTipo: o.cuenta.tipo, cuentaId: o.cuenta.id, secreto: o.secreto, iniciadoEn: o.ahora })
    .onConflictDoUpdate({
      target: [factorTotp.cuentaTipo, factorTotp.cuentaId],
      set: { secreto: o.secreto, iniciadoEn: o.ahora, ultimoPaso: null },
      setWhere: isNull(factorTotp.confirmadoEn),
    })
    .returning({ id: factorTotp.id });
  return filas.length > 0;
}

export async function confirmarFactor(db: DbOrTx, o: { id: number; ahora: Date; paso: number }): Promise<boolean> {
  const filas = await db
    .update(factorTotp)
    .set({ confirmadoEn: o.ahora, ultimoPaso: o.paso })
    .where(and(eq(factorTotp.id, o.id), isNull(factorTotp.confirmadoEn)))
    .returning({ id: factorTotp.id });
  return filas.length > 0;
}

/** Records the step of an accepted code; false when that step (or a later one) was already used. */
export async function usarPaso(db: DbOrTx, o: { id: number; paso: number }): Promise<boolean> {
  const filas = await db
    .update(factorTotp)
    .set({ ultimoPaso: o.paso })
    .where(and(eq(factorTotp.id, o.id), or(isNull(factorTotp.ultimoPaso), lt(factorTotp.ultimoPaso, o.paso))))
    .returning({ id: factorTotp.id });
  return filas.length > 0;
}

export async function borrarFactor(db: DbOrTx, c: CuentaSesion) {
  await db.delete(factorTotp).where(deCuenta(c));
  await db.delete(codigoRecuperacion).where(codigosDe(c));
}

export async function reemplazarCodigos(db: DbOrTx, o: { cuenta: CuentaSesion; hashes: string[]; ahora: Date }) {
  await db.delete(codigoRecuperacion).where(codigosDe(o.cuenta));
  await db
    .insert(codigoRecuperacion)
    .values(o.hashes.map((hash) => ({ cuentaTipo: o.cuenta.tipo, cuentaId: o.cuenta.id, hash, creadoEn: o.ahora })));
}

export function codigosSinUsar(db: DbOrTx, c: CuentaSesion) {
  return db
    .select({ id: codigoRecuperacion.id, hash: codigoRecuperacion.hash })
    .from(codigoRecuperacion)
    .where(and(codigosDe(c), isNull(codigoRecuperacion.usadoEn)));
}

/** Spends a recovery code; false when a concurrent use spent it first. */
export async function gastarCodigo(db: DbOrTx, o: { id: number; ahora: Date }): Promise<boolean> {
  const filas = await db
    .update(codigoRecuperacion)
    .set({ usadoEn: o.ahora })
    .where(and(eq(codigoRecuperacion.id, o.id), isNull(codigoRecuperacion.usadoEn)))
    .returning({ id: codigoRecuperacion.id });
  return filas.length > 0;
}

/** A pending token is exchanged once: its id joins the revoked ones; false when it was already. */
export async function gastarPendiente(db: DbOrTx, o: { jti: string; expiraEn: Date }): Promise<boolean> {
  const filas = await db.insert(tokenRevocado).values(o).onConflictDoNothing().returning({ jti: tokenRevocado.jti });
  return filas.length > 0;
}

/** What two-step verification needs of an account: where to mail, its name, its password, its state. */
export async function cuentaParaMfa(db: DbOrTx, c: CuentaSesion) {
  if (c.tipo === 'psicologo') {
    const [p] = await db
      .select({
        correo: psicologo.correo,
        nombre: psicologo.nombre,
        contrasenaHash: psicologo.contrasenaHash,
        version: psicologo.versionSesion,
        status: psicologo.status,
        activadoEn: psicologo.activadoEn,
        rolAdmin: psicologo.rol_admin,
      })
      .from(psicologo)
      .where(eq(psicologo.id_psicologo, c.id));
    return p ?? null;
  }
  const [p] = await db
    .select({
      correo: paciente.email,
      nombre: paciente.nombre,
      contrasenaHash: paciente.contrasenaHash,
      version: paciente.versionSesion,
      status: paciente.status,
      activadoEn: paciente.activadoEn,
    })
    .from(paciente)
    .where(eq(paciente.id_paciente, c.id));
  return p ? { ...p, rolAdmin: false } : null;
}

export const contarCodigosSinUsar = async (db: DbOrTx, c: CuentaSesion) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(codigoRecuperacion)
        .where(and(codigosDe(c), isNull(codigoRecuperacion.usadoEn)))
    )[0]?.n ?? 0,
  );
