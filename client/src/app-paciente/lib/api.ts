// Calls to the patient API (/api/paciente) with the session's bearer token, and a small cache of
// the last answers each screen showed, so that the app opens offline with what it saw last
// (docs/decisions/183). The cache is per patient and is erased on logout.
import { useCallback, useEffect, useRef, useState } from 'react';
import { sesionActual, sesionTerminada } from './sesion';

export class ErrorApi extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly code?: string,
    readonly errores: Record<string, string> = {},
  ) {
    super(msg);
  }
}

export const SIN_CONEXION = 'No hay conexión a internet. Lo intentaremos de nuevo en cuanto vuelva.';
/** A write that could not leave: nothing tries it again by itself (decision 297), so it says so.
 * (Chat messages and forum posts wait in their own queues and say 'Pendiente de envío'.) */
export const SIN_CONEXION_NO_GUARDADO = 'No hay conexión a internet. Inténtalo de nuevo cuando vuelva la conexión.';
const ERROR_GENERICO = 'Algo no salió bien. Inténtalo de nuevo en un momento.';

/** The anti-forgery cookie the psychologists' site may have set on this origin (see `api`). */
export function cookieXsrf(): string | null {
  for (const parte of document.cookie.split(';')) {
    const [nombre, ...resto] = parte.trim().split('=');
    if (nombre === 'XSRF-TOKEN') return decodeURIComponent(resto.join('='));
  }
  return null;
}

/**
 * Whether an answer means the session is gone (decisions 272 and 278). The server ends a patient's
 * session with 401 (expired, revoked, account disabled); a 403 with a code is a refusal of this one
 * action — a forum that is not hers, a psychologist who cannot take appointments now
 * (PSICOLOGO_INACTIVO, CUENTA_LIMITADA), a stale anti-forgery cookie — said where she acted; only a
 * 403 without a code or for the token of another kind of account (SOLO_PACIENTES) is a lost session.
 * The JSON calls (`api`) and the evidence upload both ask it.
 */
export function sesionPerdida(status: number, code: string | undefined): boolean {
  return status === 401 || (status === 403 && (code === undefined || code === 'SOLO_PACIENTES'));
}

interface Opciones {
  metodo?: string;
  cuerpo?: unknown;
  /** Login and registration: a 401 there is an answer, not a lost session. */
  publica?: boolean;
  /** A token other than the current session's (logging out after the session was forgotten here). */
  token?: string;
  /** Another API than the patient's (the forums: /api/foros). */
  raiz?: string;
}

export async function api<T>(ruta: string, o: Opciones = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const s = sesionActual();
  const token = o.token ?? (o.publica ? undefined : s?.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (o.cuerpo !== undefined) headers['content-type'] = 'application/json';
  // The psychologists' site sets an anti-forgery cookie on this origin; when it is there the
  // server wants it echoed (the app itself relies on its bearer token).
  const xsrf = o.metodo && o.metodo !== 'GET' ? cookieXsrf() : null;
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  let res: Response;
  try {
    res = await fetch(`${o.raiz ?? '/api/paciente'}${ruta}`, {
      method: o.metodo ?? 'GET',
      headers,
      body: o.cuerpo === undefined ? undefined : JSON.stringify(o.cuerpo),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ErrorApi(0, o.metodo && o.metodo !== 'GET' ? SIN_CONEXION_NO_GUARDADO : SIN_CONEXION, 'SIN_CONEXION');
  }
  const texto = await res.text();
  let datos: unknown = null;
  try {
    datos = texto ? JSON.parse(texto) : null;
  } catch {
    datos = null;
  }
  if (!res.ok) {
    const d = (datos ?? {}) as { msg?: string; code?: string; errores?: Record<string, string> };
    if (s && !o.publica && sesionPerdida(res.status, d.code)) sesionTerminada();
    throw new ErrorApi(res.status, d.msg ?? ERROR_GENERICO, d.code, d.errores ?? {});
  }
  return datos as T;
}

// ---- The last answers shown ----

const claveCache = (clave: string) => {
  const s = sesionActual();
  return s ? `miduelo-app:${s.paciente.id_paciente}:cache:${clave}` : null;
};

export function leerCache<T>(clave: string): T | undefined {
  const k = claveCache(clave);
  if (!k) return undefined;
  try {
    const v = localStorage.getItem(k);
    return v === null ? undefined : (JSON.parse(v) as T);
  } catch {
    return undefined;
  }
}

export function guardarCache(clave: string, datos: unknown): void {
  const k = claveCache(clave);
  if (!k) return;
  try {
    localStorage.setItem(k, JSON.stringify(datos));
  } catch {
    // A full storage only loses the offline copy.
  }
}

export interface Recurso<T> {
  datos: T | undefined;
  error: ErrorApi | null;
  cargando: boolean;
  /** What is shown came from the device (the last answer), not from the server just now. */
  guardado: boolean;
  recargar: () => Promise<void>;
  fijar: (f: (d: T | undefined) => T | undefined) => void;
}

type Cambio<T> = (d: T | undefined) => T | undefined;

/**
 * A GET answer shown at once from the device, then refreshed from the server. A change made with
 * `fijar` while a reload is on its way (a live event, the answer of the user's own action) is
 * applied again on top of that reload's answer, which the server may have read before the change:
 * a reload started on reconnection must not take back an activity that arrived live meanwhile.
 * Of overlapping reloads, an older answer arriving after a newer one is dropped.
 */
export function useRecurso<T>(ruta: string | null, clave = ruta): Recurso<T> {
  const [datos, setDatos] = useState<T | undefined>(() => (clave ? leerCache<T>(clave) : undefined));
  const [error, setError] = useState<ErrorApi | null>(null);
  const [cargando, setCargando] = useState(ruta !== null);
  const [guardado, setGuardado] = useState(() => clave !== null && leerCache(clave) !== undefined);
  const actual = useRef(ruta);
  actual.current = ruta;
  /** Reloads on their way, each with the changes made since it started; the last one applied. */
  const enCamino = useRef(new Map<number, Cambio<T>[]>());
  const recargas = useRef({ ultima: 0, aplicada: 0 });

  const recargar = useCallback(async () => {
    if (!ruta) return;
    const n = ++recargas.current.ultima;
    const despues: Cambio<T>[] = [];
    enCamino.current.set(n, despues);
    setCargando(true);
    try {
      const d = await api<T>(ruta);
      if (actual.current !== ruta || n < recargas.current.aplicada) return;
      recargas.current.aplicada = n;
      let x: T | undefined = d;
      for (const f of despues) x = f(x);
      setDatos(x);
      setError(null);
      setGuardado(false);
      if (clave && x !== undefined) guardarCache(clave, x);
    } catch (e) {
      if (actual.current !== ruta) return;
      setError(e instanceof ErrorApi ? e : new ErrorApi(0, SIN_CONEXION));
    } finally {
      enCamino.current.delete(n);
      if (actual.current === ruta && enCamino.current.size === 0) setCargando(false);
    }
  }, [ruta, clave]);

  useEffect(() => {
    setDatos(clave ? leerCache<T>(clave) : undefined);
    setGuardado(clave !== null && leerCache(clave) !== undefined);
    // Another resource: the previous one's failure is not this one's.
    setError(null);
    void recargar();
  }, [recargar, clave]);

  const fijar = useCallback(
    (f: Cambio<T>) => {
      for (const despues of enCamino.current.values()) despues.push(f);
      setDatos((d) => {
        const n = f(d);
        if (clave && n !== undefined) guardarCache(clave, n);
        return n;
      });
    },
    [clave],
  );

  return { datos, error, cargando, guardado, recargar, fijar };
}
