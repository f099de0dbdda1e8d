// The offline outbox of the client core (decisions 185, 314): what the user wrote is kept on the
// device first, then sent in order, one at a time, each with its own client id — the server stores
// a given id once (decision 052), so a send retried after a lost answer or a dropped connection never
// makes a second copy. What was written offline stays (across reloads) and leaves when the
// connection returns. The app's chat messages use it (app-paciente/lib/bandeja.ts).
import { create } from 'zustand';
import { ApiError } from './http';
import { nuevoIdCliente } from './live/optimista';
import { guardarJson, leerJson } from './sesion-almacen';

export interface ItemBandeja {
  id_cliente: string;
  /** The server refused it for good (too long, a conversation that became read-only…). */
  error?: string;
}

interface OpcionesBandeja<P extends ItemBandeja, R> {
  /** Where the outbox is kept for the account signed in now (null: nobody is). */
  clave: () => string | null;
  enviar: (p: P) => Promise<R>;
  /** Name of the Web Lock that lets one tab at a time send (two tabs would race on order). */
  cerrojo: string;
}

/** Whether a failed send should wait and be tried again: no answer, too many requests, the server failed. */
export const reintentable = (status: number): boolean => status === 0 || status === 429 || status >= 500;

export function crearBandeja<P extends ItemBandeja, R>({ clave, enviar, cerrojo }: OpcionesBandeja<P, R>) {
  const leer = (): P[] => {
    const k = clave();
    return k ? (leerJson<P[]>(k) ?? []) : [];
  };
  const usar = create<{ pendientes: P[] }>()(() => ({ pendientes: leer() }));
  const escribir = (lista: P[]) => {
    const k = clave();
    if (k) guardarJson(k, lista);
    usar.setState({ pendientes: lista });
  };
  const oyentes = new Set<(r: R, p: P) => void>();
  let vaciando: Promise<void> | null = null;
  let reintento: number | undefined;

  async function enviarPendientes(): Promise<void> {
    window.clearTimeout(reintento);
    for (;;) {
      const p = leer().find((x) => !x.error);
      if (!p || clave() === null) return;
      try {
        const r = await enviar(p);
        escribir(leer().filter((x) => x.id_cliente !== p.id_cliente));
        for (const f of oyentes) f(r, p);
      } catch (e) {
        const status = e instanceof ApiError ? e.status : 0;
        if (reintentable(status)) {
          // Not now: try again soon (and at once when the connection returns).
          reintento = window.setTimeout(() => void vaciar(), status === 0 && navigator.onLine ? 3_000 : 10_000);
          return;
        }
        // The session ended: the outbox waits for the next log-in.
        if (status === 401 || (e instanceof ApiError && e.sesionCerrada)) return;
        // Refused for good: kept, marked, and never blocking the items after it.
        escribir(leer().map((x) => (x.id_cliente === p.id_cliente ? { ...x, error: (e as Error).message } : x)));
      }
    }
  }

  /** One tab at a time sends. */
  async function conCerrojo(f: () => Promise<void>): Promise<void> {
    if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(cerrojo, f);
    else await f();
  }

  /** Sends what is waiting, oldest first; stops at the first item that cannot leave yet. */
  function vaciar(): Promise<void> {
    if (!vaciando) {
      vaciando = conCerrojo(enviarPendientes).finally(() => {
        vaciando = null;
      });
    }
    return vaciando;
  }

  return {
    usar,
    /** Keeps `item` (with a new client id) and starts sending. */
    encolar(item: Omit<P, 'id_cliente' | 'error'>): void {
      escribir([...leer(), { ...item, id_cliente: nuevoIdCliente() } as P]);
      void vaciar();
    },
    descartar(idCliente: string): void {
      escribir(leer().filter((p) => p.id_cliente !== idCliente));
    },
    vaciar,
    /** Called with each answer of the server to an item it stored. */
    alEnviar(f: (r: R, p: P) => void): () => void {
      oyentes.add(f);
      return () => oyentes.delete(f);
    },
    /** Sends on start, whenever the browser comes back online, and when the account changes
     * (`seguirCuenta` calls back then). */
    vigilar(seguirCuenta: (cambio: () => void) => void): void {
      window.addEventListener('online', () => void vaciar());
      seguirCuenta(() => {
        usar.setState({ pendientes: leer() });
        void vaciar();
      });
      void vaciar();
    },
  };
}
