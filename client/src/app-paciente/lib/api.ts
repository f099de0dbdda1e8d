// The patient app's side of the client core (nucleo/, decision 314): calls to the patient API
// (/api/paciente) with the session's bearer token, and a small copy of the last answers each screen
// showed, so that the app opens offline with what it saw last (decision 183). The copy is per
// patient and is erased on logout. Errors are the core's `ApiError` (here under its former name
// `ErrorApi`); which answers end the session is the core's one policy (nucleo/politica-sesion.ts).
import { useCallback } from 'react';
import { ApiError, configurarHttp, api as pedir } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { guardarJson, leerJson } from '@/nucleo/sesion-almacen';
import { sesionActual, sesionTerminada } from './sesion';

export { ApiError as ErrorApi };

export const SIN_CONEXION = 'No hay conexión a internet. Lo intentaremos de nuevo en cuanto vuelva.';
/** A write that could not leave: nothing tries it again by itself (decision 297), so it says so.
 * (Chat messages and forum posts wait in their own queues and say 'Pendiente de envío'.) */
export const SIN_CONEXION_NO_GUARDADO = 'No hay conexión a internet. Inténtalo de nuevo cuando vuelva la conexión.';
const ERROR_GENERICO = 'Algo no salió bien. Inténtalo de nuevo en un momento.';

/** The error body of a request that got no answer: reads stay shown, writes say they were not saved. */
export const sinRespuesta = (metodo: string) => ({
  msg: metodo === 'GET' ? SIN_CONEXION : SIN_CONEXION_NO_GUARDADO,
  code: 'SIN_CONEXION',
});

// Applied when this module loads: every screen, and the app's api/ layer, import it before their
// first request.
configurarHttp({
  token: () => sesionActual()?.token ?? null,
  alPerderSesion: sesionTerminada,
  // The psychologists' site may set an anti-forgery cookie on this origin; when it is there the
  // server wants it echoed (the app itself relies on its bearer token).
  xsrf: 'si-existe',
  sinRespuesta,
  mensajeGenerico: ERROR_GENERICO,
  fetch: { cache: 'no-store' },
});

interface Opciones {
  metodo?: string;
  cuerpo?: unknown;
  /** Login and registration: a 401 there is an answer, not a lost session. */
  publica?: boolean;
  /** A token other than the current session's (logging out after the session was forgotten here). */
  token?: string;
  /** Another API than the patient's (the forums: /api/foros). */
  raiz?: string;
  signal?: AbortSignal;
}

export function api<T>(ruta: string, o: Opciones = {}): Promise<T> {
  return pedir<T>(`${o.raiz ?? '/api/paciente'}${ruta}`, {
    metodo: o.metodo,
    cuerpo: o.cuerpo,
    signal: o.signal,
    ...(o.publica ? { sesion: 'ignorar', token: null } : {}),
    ...(o.token !== undefined ? { token: o.token } : {}),
  });
}

// ---- The last answers shown ----

const claveCache = (clave: string) => {
  const s = sesionActual();
  return s ? `miduelo-app:${s.paciente.id_paciente}:cache:${clave}` : null;
};

export function leerCache<T>(clave: string): T | undefined {
  const k = claveCache(clave);
  return k ? leerJson<T>(k) : undefined;
}

export function guardarCache(clave: string, datos: unknown): void {
  const k = claveCache(clave);
  if (k) guardarJson(k, datos);
}

export interface Recurso<T> {
  datos: T | undefined;
  error: ApiError | null;
  cargando: boolean;
  /** What is shown came from the device (the last answer), not from the server just now. */
  guardado: boolean;
  recargar: () => Promise<void>;
  fijar: (f: (d: T | undefined) => T | undefined) => void;
}

const sinNada = async () => undefined;

/**
 * A GET answer shown at once from the device, then refreshed from the server: the core's live
 * resource with the device's copy. A change made with `fijar` while a reload is on its way (a live
 * event, the answer of the user's own action) is applied again on top of that reload's answer,
 * which the server may have read before the change (decision 240). A newer reload supersedes an
 * older one. The screen says when to reload (`useAlDia`, its events).
 */
export function useRecurso<T>(
  ruta: string | null,
  clave: string | null = ruta,
  raiz?: string,
  /** What loads it, when it is more than one GET of `ruta` (several pages). */
  cargar?: () => Promise<T>,
): Recurso<T> {
  const r = useLiveResource<T>({
    fetch: (signal) => (cargar ? cargar() : api<T>(ruta ?? '', { raiz, signal })),
    enabled: ruta !== null,
    vigilar: false,
    deps: [ruta, clave, raiz],
    copia: clave === null ? undefined : { leer: () => leerCache<T>(clave), guardar: (d) => guardarCache(clave, d) },
  });
  const { setData } = r;
  const fijar = useCallback((f: (d: T | undefined) => T | undefined) => setData(f), [setData]);
  const error = r.error === null ? null : r.error instanceof ApiError ? r.error : new ApiError(0, sinRespuesta('GET'));
  const recargar = ruta === null ? sinNada : r.recargar;
  return { datos: r.data, error, cargando: r.recargando, guardado: r.guardado, recargar, fijar };
}
