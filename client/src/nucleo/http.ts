// The HTTP client of both apps (decision 314): one error type, one 401/403 policy
// (politica-sesion.ts). What differs between the apps — where the token lives, what a lost session
// does, how an error is shown, the offline texts — is configuration each app gives at start
// (`configurarHttp`); the core imports neither app.
import { type ErrorRespuesta, MSG_GENERICO } from '@miduelo/shared/errores';
import { terminaSesion } from './politica-sesion';
import { asegurarXsrf, CABECERA_XSRF, esMetodoSeguro, leerCookieXsrf } from './xsrf';

/** A failed API call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly cuerpo: Partial<ErrorRespuesta> | null;
  /** The session-expired flow already told the user; callers should stay quiet. */
  readonly sesionCerrada: boolean;

  /** `respaldo`: the message when the answer carries none (the app's generic text). */
  constructor(status: number, cuerpo: Partial<ErrorRespuesta> | null, sesionCerrada = false, respaldo?: string) {
    super(cuerpo?.msg ?? respaldo ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.cuerpo = cuerpo;
    this.sesionCerrada = sesionCerrada;
  }

  /** The server's message: `msg`, or the `error` / `mensaje` aliases some routes add. */
  get msg(): string | undefined {
    return this.cuerpo?.msg ?? this.cuerpo?.error ?? this.cuerpo?.mensaje;
  }

  get code(): string | undefined {
    return this.cuerpo?.code;
  }

  /** Field errors of a refused form (400), by field name; empty when none. */
  get errores(): Record<string, string> {
    return this.cuerpo?.errores ?? {};
  }
}

export interface ConfigHttp {
  /** The session's bearer token now, or null. */
  token: () => string | null;
  /** A request made with the session's token got an answer that ends it (politica-sesion.ts). */
  alPerderSesion: () => void;
  /** 'asegurar' (the web): a state-changing request asks the server for the anti-forgery cookie
   * when missing. 'si-existe' (the patient's app, authenticated by its bearer token alone): the
   * cookie the web may have set on this origin is echoed when present. */
  xsrf?: 'asegurar' | 'si-existe';
  /** The error body of a request that got no answer at all (the app's offline texts). */
  sinRespuesta?: (metodo: string) => Partial<ErrorRespuesta> | null;
  /** The message of an error whose answer carries none. */
  mensajeGenerico?: string;
  /** Shows an error to the user (`mostrarError`). */
  avisarError?: (titulo: string, texto: string) => void;
  /** Extra fetch options (the app: `cache: 'no-store'`, so its offline copy is its own). */
  fetch?: Pick<RequestInit, 'cache'>;
}

let config: ConfigHttp = { token: () => null, alPerderSesion: () => undefined };

/** Each app calls it once at start, before its first request. */
export function configurarHttp(c: ConfigHttp): void {
  config = c;
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface OpcionesApi {
  metodo?: string;
  cuerpo?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /**
   * 'manejar' (default): a 401/403 on a call made with a token closes the session (spec 2 §8,
   * second interceptor). 'ignorar': the caller handles it (login, registration, recovery).
   */
  sesion?: 'manejar' | 'ignorar';
  respuesta?: 'json' | 'blob';
  /** Another token than the session's (null: none). A request made with it never ends the session. */
  token?: string | null;
}

function conQuery(ruta: string, query?: Query): string {
  if (!query) return ruta;
  const params = new URLSearchParams();
  for (const [clave, valor] of Object.entries(query)) {
    if (valor === undefined || valor === null || valor === '') continue;
    params.set(clave, String(valor));
  }
  const texto = params.toString();
  return texto ? `${ruta}${ruta.includes('?') ? '&' : '?'}${texto}` : ruta;
}

const esRelativa = (ruta: string) => ruta.startsWith('/') && !ruta.startsWith('//');

/** The lost-session flow, also used when the socket reports a revoked session. */
export const expirarSesion = (): void => config.alPerderSesion();

async function leerCuerpo(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const tipo = res.headers.get('content-type') ?? '';
  if (tipo.includes('application/json')) return res.json();
  const texto = await res.text();
  return texto === '' ? undefined : texto;
}

async function enviar(url: string, op: OpcionesApi, token: string | null, reintentoXsrf: boolean): Promise<Response> {
  const metodo = (op.metodo ?? 'GET').toUpperCase();
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let cuerpo: BodyInit | undefined;
  if (op.cuerpo instanceof FormData || op.cuerpo instanceof Blob) {
    cuerpo = op.cuerpo;
  } else if (op.cuerpo !== undefined) {
    headers.set('Content-Type', 'application/json');
    cuerpo = JSON.stringify(op.cuerpo);
  }
  if (!esMetodoSeguro(metodo) && esRelativa(url)) {
    const xsrf = config.xsrf === 'si-existe' && !reintentoXsrf ? leerCookieXsrf() : await asegurarXsrf(reintentoXsrf);
    if (xsrf) headers.set(CABECERA_XSRF, xsrf);
  }
  return fetch(url, { ...config.fetch, method: metodo, headers, body: cuerpo, signal: op.signal, credentials: 'same-origin' });
}

/** Calls the API: bearer token, anti-forgery header, JSON in and out, `{ msg, code }` errors. */
export async function api<T>(ruta: string, op: OpcionesApi = {}): Promise<T> {
  const url = conQuery(ruta, op.query);
  const deSesion = op.token === undefined;
  const token = deSesion ? config.token() : (op.token ?? null);
  let res: Response;
  try {
    res = await enviar(url, op, token, false);
    if (res.status === 403 && !esMetodoSeguro(op.metodo ?? 'GET')) {
      // A stale anti-forgery cookie is renewed once instead of being mistaken for a lost session.
      const copia = res.clone();
      const cuerpo = (await leerCuerpo(copia).catch(() => null)) as Partial<ErrorRespuesta> | null;
      if (cuerpo && typeof cuerpo === 'object' && cuerpo.code === 'XSRF') res = await enviar(url, op, token, true);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, config.sinRespuesta?.((op.metodo ?? 'GET').toUpperCase()) ?? null);
  }

  if (res.ok) {
    if (op.respuesta === 'blob') return (await res.blob()) as T;
    return (await leerCuerpo(res)) as T;
  }

  const leido = await leerCuerpo(res).catch(() => null);
  const cuerpo = leido && typeof leido === 'object' ? (leido as Partial<ErrorRespuesta>) : null;
  const sesionPerdida = terminaSesion(res.status, cuerpo?.code) && deSesion && token !== null && op.sesion !== 'ignorar';
  if (sesionPerdida) config.alPerderSesion();
  throw new ApiError(res.status, cuerpo, sesionPerdida, config.mensajeGenerico);
}

type SinMetodo = Omit<OpcionesApi, 'metodo' | 'cuerpo'>;

export const http = {
  get: <T>(ruta: string, op?: SinMetodo) => api<T>(ruta, { ...op, metodo: 'GET' }),
  post: <T>(ruta: string, cuerpo?: unknown, op?: SinMetodo) => api<T>(ruta, { ...op, metodo: 'POST', cuerpo }),
  put: <T>(ruta: string, cuerpo?: unknown, op?: SinMetodo) => api<T>(ruta, { ...op, metodo: 'PUT', cuerpo }),
  patch: <T>(ruta: string, cuerpo?: unknown, op?: SinMetodo) => api<T>(ruta, { ...op, metodo: 'PATCH', cuerpo }),
  delete: <T>(ruta: string, op?: SinMetodo) => api<T>(ruta, { ...op, metodo: 'DELETE' }),
};

/** The server's message for an error, else the given fallback, else the generic one (spec 1 §8):
 * 'Existe un error en el servidor', or, when no answer arrived at all (a dropped connection, not a
 * server error), to check the connection and try again — a retried create stores nothing twice
 * (decision 313). */
export function mensajeDeError(error: unknown, respaldo?: string): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  if (respaldo !== undefined) return respaldo;
  return error instanceof ApiError && error.status === 0 ? MSG_GENERICO.sinRespuesta : MSG_GENERICO.servidor;
}

/** Error toast titled 'Error' with the server's msg or 'Existe un error en el servidor'. */
export function mostrarError(error: unknown, respaldo?: string): void {
  if (error instanceof ApiError && error.sesionCerrada) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  config.avisarError?.('Error', mensajeDeError(error, respaldo));
}
