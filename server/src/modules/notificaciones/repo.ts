import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { CambioPreferenciasPush, PreferenciasPush, SuscripcionPush } from '@miduelo/shared/notificaciones';
import type { DbOrTx } from '../../db/client';
import { paciente } from '../../db/schema/cuentas';
import { preferenciaPush, suscripcionPush } from '../../db/schema/notificaciones';

export interface FilaSuscripcion {
  id_suscripcion: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One endpoint belongs to one browser: subscribing it again (another account signed in on the
 * same phone) moves it to the newest account, so nobody gets someone else's notifications. */
export async function guardarSuscripcion(db: DbOrTx, idPaciente: number, s: SuscripcionPush): Promise<void> {
  await db
    .insert(suscripcionPush)
    .values({ id_paciente: idPaciente, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
    .onConflictDoUpdate({
      target: suscripcionPush.endpoint,
      set: { id_paciente: idPaciente, p256dh: s.keys.p256dh, auth: s.keys.auth, creada_en: new Date() },
    });
}

/** The patient's row lock: two subscriptions arriving together are capped one after the other. */
export async function bloquearPaciente(tx: DbOrTx, idPaciente: number): Promise<void> {
  await tx.select({ id: paciente.id_paciente }).from(paciente).where(eq(paciente.id_paciente, idPaciente)).for('update');
}

/** Keeps the patient's newest `max` subscriptions and removes the older ones (decision 329). */
export async function recortarSuscripciones(tx: DbOrTx, idPaciente: number, max: number): Promise<void> {
  const nuevas = tx
    .select({ id: suscripcionPush.id_suscripcion })
    .from(suscripcionPush)
    .where(eq(suscripcionPush.id_paciente, idPaciente))
    .orderBy(desc(suscripcionPush.creada_en), desc(suscripcionPush.id_suscripcion))
    .limit(max);
  await tx
    .delete(suscripcionPush)
    .where(and(eq(suscripcionPush.id_paciente, idPaciente), notInArray(suscripcionPush.id_suscripcion, nuevas)));
}

/** Removes the patient's own subscription; another account's endpoint is left alone. */
export async function borrarSuscripcion(db: DbOrTx, idPaciente: number, endpoint: string): Promise<void> {
  await db.delete(suscripcionPush).where(and(eq(suscripcionPush.id_paciente, idPaciente), eq(suscripcionPush.endpoint, endpoint)));
}

export async function borrarPorId(db: DbOrTx, idSuscripcion: number): Promise<void> {
  await db.delete(suscripcionPush).where(eq(suscripcionPush.id_suscripcion, idSuscripcion));
}

export async function suscripcionesDe(db: DbOrTx, idPaciente: number): Promise<FilaSuscripcion[]> {
  return db
    .select({
      id_suscripcion: suscripcionPush.id_suscripcion,
      endpoint: suscripcionPush.endpoint,
      p256dh: suscripcionPush.p256dh,
      auth: suscripcionPush.auth,
    })
    .from(suscripcionPush)
    .where(eq(suscripcionPush.id_paciente, idPaciente));
}

export const PREFERENCIAS_DEFECTO: PreferenciasPush = { mensajes: true, citas: true, actividades: true };

export async function preferenciasDe(db: DbOrTx, idPaciente: number): Promise<PreferenciasPush> {
  const [p] = await db
    .select({ mensajes: preferenciaPush.mensajes, citas: preferenciaPush.citas, actividades: preferenciaPush.actividades })
    .from(preferenciaPush)
    .where(eq(preferenciaPush.id_paciente, idPaciente));
  return p ?? PREFERENCIAS_DEFECTO;
}

/** Writes the given kinds; a kind left out (an older app's PUT) keeps its stored value, or the
 * default on the first write. Answers every kind as stored now. */
export async function guardarPreferencias(db: DbOrTx, idPaciente: number, p: CambioPreferenciasPush): Promise<PreferenciasPush> {
  const [fila] = await db
    .insert(preferenciaPush)
    .values({ id_paciente: idPaciente, ...p })
    .onConflictDoUpdate({ target: preferenciaPush.id_paciente, set: { ...p, actualizada_en: new Date() } })
    .returning({ mensajes: preferenciaPush.mensajes, citas: preferenciaPush.citas, actividades: preferenciaPush.actividades });
  return fila;
}
