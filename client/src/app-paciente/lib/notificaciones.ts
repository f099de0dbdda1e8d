// Web Push subscription of this device (the worker shows what arrives: public/app/sw-push.js).
import { borrarSuscripcionPush, registrarSuscripcionPush } from '../api/notificaciones';
import { useSesion } from './sesion';

export const pushDisponible = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export async function suscripcionActual(): Promise<PushSubscription | null> {
  if (!pushDisponible()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/app/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

function bytesDeBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function suscribir(clavePublica: string): Promise<PushSubscription> {
  const reg = await navigator.serviceWorker.ready;
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesDeBase64Url(clavePublica) });
}

/** Whose notices this phone's subscription brings: the device's, not any one account's keys (it
 * must outlive the end of a session to be recognised at the next log-in). Decision 306. */
const DUENA = 'miduelo-app:push:de';

/** The subscription now brings this patient's notices (null: none). */
export function anotarDuena(idPaciente: number | null): void {
  try {
    if (idPaciente === null) localStorage.removeItem(DUENA);
    else localStorage.setItem(DUENA, String(idPaciente));
  } catch {
    // Without storage the next log-in cannot tell whose it is: it then drops it (below).
  }
}

/**
 * A subscription of another account leaves the phone when someone signs in: a session the server
 * ended (expired, revoked) does not unsubscribe, so the previous patient's notices would otherwise
 * keep reaching a phone someone else now uses. Her own, after such an end, stays. The push service
 * then answers the server's next notice for her with 410, and the server forgets it (decision 183).
 */
async function soltarAjena(idPaciente: number): Promise<void> {
  const sub = await suscripcionActual().catch(() => null);
  if (!sub || localStorage.getItem(DUENA) === String(idPaciente)) return;
  await sub.unsubscribe().catch(() => undefined);
  anotarDuena(null);
}
let revision: Promise<void> = Promise.resolve();

/** This phone's subscription once the last log-in's check is done (what Ajustes shows). */
export async function suscripcionDeLaSesion(): Promise<PushSubscription | null> {
  await revision;
  return suscripcionActual();
}

/** Follows the log-ins of this phone. Call once at start. */
export function vigilarPush(): void {
  const s = useSesion.getState().sesion;
  // A subscription made before the phone noted whose it is: it now brings the notices of the
  // session open here (the server moves an endpoint to whoever subscribes it, decision 182).
  if (s && localStorage.getItem(DUENA) === null) {
    revision = (async () => {
      const sub = await suscripcionActual();
      if (!sub || useSesion.getState().sesion?.paciente.id_paciente !== s.paciente.id_paciente) return;
      await registrarSuscripcionPush(sub.toJSON());
      anotarDuena(s.paciente.id_paciente);
    })().catch(() => undefined);
  }
  useSesion.subscribe((actual, antes) => {
    const id = actual.sesion?.paciente.id_paciente;
    if (id !== undefined && id !== antes.sesion?.paciente.id_paciente) revision = soltarAjena(id);
  });
}

/** This phone stops getting this account's notices (signing out herself: lib/salir.ts). */
export async function quitarSuscripcion(): Promise<void> {
  try {
    const sub = await suscripcionActual();
    if (sub) {
      await borrarSuscripcionPush(sub.endpoint).catch(() => undefined);
      await sub.unsubscribe().catch(() => undefined);
    }
  } catch {
    // Nothing to undo.
  }
  anotarDuena(null);
}
