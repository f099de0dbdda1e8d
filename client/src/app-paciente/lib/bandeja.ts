// The chat's outbox (docs/decisions/185): every message the patient writes is kept on the device
// first, then sent in order, one at a time, each with its own `id_cliente` — the server stores a
// given id_cliente once (decision 052), so a send retried after a lost answer or a dropped
// connection never makes a second copy. What was written offline stays here (across reloads) and
// leaves when the connection returns.
import type { Mensaje } from '@miduelo/shared/chat-respuestas';
import { create } from 'zustand';
import { api, ErrorApi } from './api';
import { sesionActual, useSesion } from './sesion';

export interface Pendiente {
  id_cliente: string;
  id_chat: number;
  contenido: string;
  creado: string;
  /** The server refused it for good (too long, a conversation that became read-only…). */
  error?: string;
}

const clave = () => {
  const s = sesionActual();
  return s ? `miduelo-app:${s.paciente.id_paciente}:bandeja` : null;
};

function leer(): Pendiente[] {
  const k = clave();
  if (!k) return [];
  try {
    return JSON.parse(localStorage.getItem(k) ?? '[]') as Pendiente[];
  } catch {
    return [];
  }
}

function escribir(lista: Pendiente[]): void {
  const k = clave();
  if (k) localStorage.setItem(k, JSON.stringify(lista));
  useBandeja.setState({ pendientes: lista });
}

export const useBandeja = create<{ pendientes: Pendiente[] }>()(() => ({ pendientes: leer() }));

type AlEnviar = (m: Mensaje) => void;
const oyentes = new Set<AlEnviar>();

/** Called with each message the server stored from the outbox. */
export function alEnviar(f: AlEnviar): () => void {
  oyentes.add(f);
  return () => oyentes.delete(f);
}

function idNuevo(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function encolar(idChat: number, contenido: string): void {
  escribir([...leer(), { id_cliente: idNuevo(), id_chat: idChat, contenido, creado: new Date().toISOString() }]);
  void vaciar();
}

export function descartar(idCliente: string): void {
  escribir(leer().filter((p) => p.id_cliente !== idCliente));
}

let vaciando: Promise<void> | null = null;
let reintento: number | undefined;

/** Sends what is waiting, oldest first; stops at the first message that cannot leave yet. */
export function vaciar(): Promise<void> {
  if (!vaciando) {
    vaciando = conCerrojo(enviarPendientes).finally(() => {
      vaciando = null;
    });
  }
  return vaciando;
}

/** One tab at a time sends (two tabs of the same patient would otherwise race on order). */
async function conCerrojo(f: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request('miduelo-app-bandeja', f);
  else await f();
}

async function enviarPendientes(): Promise<void> {
  window.clearTimeout(reintento);
  for (;;) {
    const p = leer().find((x) => !x.error);
    if (!p || !sesionActual()) return;
    try {
      const m = await api<Mensaje>('/mensajes', {
        metodo: 'POST',
        cuerpo: { id_chat: p.id_chat, contenido: p.contenido, id_cliente: p.id_cliente },
      });
      escribir(leer().filter((x) => x.id_cliente !== p.id_cliente));
      for (const f of oyentes) f(m);
    } catch (e) {
      const status = e instanceof ErrorApi ? e.status : 0;
      if (status === 0 || status === 429 || status >= 500) {
        // Not now: try again soon (and at once when the connection returns).
        reintento = window.setTimeout(() => void vaciar(), status === 0 && navigator.onLine ? 3_000 : 10_000);
        return;
      }
      if (status === 401) return; // the session ended; the outbox waits for the next log-in
      // Refused for good: kept, marked, and never blocking the messages after it.
      escribir(leer().map((x) => (x.id_cliente === p.id_cliente ? { ...x, error: (e as Error).message } : x)));
    }
  }
}

/** Sends on start, whenever the browser comes back online, and after each log-in. */
export function vigilarBandeja(): void {
  window.addEventListener('online', () => void vaciar());
  useSesion.subscribe((s, antes) => {
    if (s.sesion?.paciente.id_paciente !== antes.sesion?.paciente.id_paciente) {
      useBandeja.setState({ pendientes: leer() });
      void vaciar();
    }
  });
  void vaciar();
}
