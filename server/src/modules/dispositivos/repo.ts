// Every statement of the open sessions and known devices (decisions 380–381).
import { and, asc, desc, eq, gt, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paciente, psicologo, tokenRevocado } from '../../db/schema/cuentas';
import { dispositivoConocido, sesionAbierta } from '../../db/schema/sesiones-abiertas';
import type { CuentaSesion } from '../../plugins/sesiones-cache';

export type NuevaSesion = typeof sesionAbierta.$inferInsert;

const deCuenta = (c: CuentaSesion) => and(eq(sesionAbierta.cuentaTipo, c.tipo), eq(sesionAbierta.cuentaId, c.id));

/** The account's session version now (a row of another version no longer opens anything). */
function versionActual(c: CuentaSesion) {
  return c.tipo === 'psicologo'
    ? sql`(select ${psicologo.versionSesion} from ${psicologo} where ${psicologo.id_psicologo} = ${c.id})`
    : sql`(select ${paciente.versionSesion} from ${paciente} where ${paciente.id_paciente} = ${c.id})`;
}

/** The account's sessions whose token still holds: unexpired, unrevoked, of the current version. */
function vigentes(c: CuentaSesion, ahora: Date) {
  return and(
    deCuenta(c),
    gt(sesionAbierta.expiraEn, ahora),
    eq(sesionAbierta.version, versionActual(c)),
    notExists(sql`(select 1 from ${tokenRevocado} where ${tokenRevocado.jti} = ${sesionAbierta.jti})`),
  );
}

export async function insertarSesion(db: DbOrTx, s: NuevaSesion) {
  // The account's expired rows go as it opens another: the table holds what can still be listed.
  await db
    .delete(sesionAbierta)
    .where(and(deCuenta({ tipo: s.cuentaTipo as CuentaSesion['tipo'], id: s.cuentaId }), lte(sesionAbierta.expiraEn, s.creadaEn)));
  await db.insert(sesionAbierta).values(s).onConflictDoNothing();
}

/** A token that replaces another on the same device (a password change): the row follows it. */
export async function sucederSesion(db: DbOrTx, o: { anterior: string; jti: string; version: number; expiraEn: Date; ahora: Date }) {
  const r = await db
    .update(sesionAbierta)
    .set({ jti: o.jti, version: o.version, expiraEn: o.expiraEn, ultimoUso: o.ahora })
    .where(eq(sesionAbierta.jti, o.anterior))
    .returning({ id: sesionAbierta.id });
  return r.length > 0;
}

export async function listarSesiones(db: DbOrTx, c: CuentaSesion, ahora: Date) {
  return db.select().from(sesionAbierta).where(vigentes(c, ahora)).orderBy(desc(sesionAbierta.ultimoUso), asc(sesionAbierta.id));
}

/** One of the account's live sessions by id (another account's, or a closed one: none). */
export async function sesionDeCuenta(db: DbOrTx, c: CuentaSesion, id: number, ahora: Date) {
  const [s] = await db
    .select()
    .from(sesionAbierta)
    .where(and(eq(sesionAbierta.id, id), vigentes(c, ahora)));
  return s;
}

export async function otrasSesiones(db: DbOrTx, c: CuentaSesion, jtiActual: string, ahora: Date) {
  return db
    .select()
    .from(sesionAbierta)
    .where(and(vigentes(c, ahora), ne(sesionAbierta.jti, jtiActual)));
}

/** Closed sessions: their tokens refused until they would have expired, their rows gone. */
export async function cerrarSesiones(db: DbOrTx, filas: ReadonlyArray<{ id: number; jti: string; expiraEn: Date }>) {
  if (filas.length === 0) return;
  await db
    .insert(tokenRevocado)
    .values(filas.map((f) => ({ jti: f.jti, expiraEn: f.expiraEn })))
    .onConflictDoNothing();
  await db.delete(sesionAbierta).where(
    inArray(
      sesionAbierta.id,
      filas.map((f) => f.id),
    ),
  );
}

/** Notes a device for the account: whether it is new to it, and whether the account had others. */
export async function anotarDispositivo(db: DbOrTx, o: { cuenta: CuentaSesion; huella: string; ahora: Date }) {
  const clave = and(eq(dispositivoConocido.cuentaTipo, o.cuenta.tipo), eq(dispositivoConocido.cuentaId, o.cuenta.id));
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(dispositivoConocido).where(clave);
  const nuevo = await db
    .insert(dispositivoConocido)
    .values({ cuentaTipo: o.cuenta.tipo, cuentaId: o.cuenta.id, huella: o.huella, primeraVez: o.ahora, ultimaVez: o.ahora })
    .onConflictDoNothing()
    .returning({ huella: dispositivoConocido.huella });
  if (nuevo.length === 0)
    await db
      .update(dispositivoConocido)
      .set({ ultimaVez: o.ahora })
      .where(and(clave, eq(dispositivoConocido.huella, o.huella)));
  return { nuevo: nuevo.length > 0, habiaOtros: n > 0 };
}
