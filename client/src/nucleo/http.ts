import { RETRASO_LOGOUT_SESION_EXPIRADA_MS, TOAST_SESION_EXPIRADA_MS } from '@miduelo/shared/constants';
import { type ErrorRespuesta, MSG_GENERICO } from '@miduelo/shared/errores';
import { cerrandoSesion, cerrarSesion, tokenGuardado } from '@/lib/session';
import { toast } from '@/lib/toast';
import { asegurarXsrf, CABECERA_XSRF, esMetodoSeguro } from './xsrf';

/** A failed API call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly cuerpo: Partial<ErrorRespuesta> | null;
  /** The session-expired flow already told the user; callers should stay quiet. */
  readonly sesionCerrada: boolean;

  constructor(status: number, cuerpo: Partial<ErrorRespuesta> | null, sesionCerrada = false) {
    super(cuerpo?.msg ?? `HTTP ${status}`);
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

/**
 * 403 answers that are business rules, not a lost session: they must not log the user out
 * (a limited account creating an appointment, a read-only chat, a stale anti-forgery cookie).
 */
const CODIGOS_403_DE_NEGOCIO = new Set(['CUENTA_LIMITADA', 'CHAT_SOLO_LECTURA', 'XSRF', 'FORO_PERMISO', 'FORO_PSICOLOGO']);

let sesionExpirando = false;

function avisarSesionExpirada(): void {
  if (sesionExpirando || cerrandoSesion()) return;
  sesionExpirando = true;
  toast.aviso(MSG_GENERICO.sesionExpiradaTitulo, MSG_GENERICO.sesionExpirada, { duracion: TOAST_SESION_EXPIRADA_MS });
  window.setTimeout(() => void cerrarSesion(), RETRASO_LOGOUT_SESION_EXPIRADA_MS);
}

/** The session-expired flow, also used when the socket reports a revoked session. */
export const expirarSesion = avisarSesionExpirada;

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
    const xsrf = await asegurarXsrf(reintentoXsrf);
    if (xsrf) headers.set(CABECERA_XSRF, xsrf);
  }
  return fetch(url, { method: metodo, headers, body: cuerpo, signal: op.signal, credentials: 'same-origin' });
}

/** Calls the API: bearer token, anti-forgery header, JSON in and out, `{ msg, code }` errors. */
async function api<T>(ruta: string, op: OpcionesApi = {}): Promise<T> {
  const url = conQuery(ruta, op.query);
  const token = tokenGuardado();
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
    throw new ApiError(0, null);
  }

  if (res.ok) {
    if (op.respuesta === 'blob') return (await res.blob()) as T;
    return (await leerCuerpo(res)) as T;
  }

  const leido = await leerCuerpo(res).catch(() => null);
  const cuerpo = leido && typeof leido === 'object' ? (leido as Partial<ErrorRespuesta>) : null;
  const negocio = res.status === 403 && CODIGOS_403_DE_NEGOCIO.has(cuerpo?.code ?? '');
  const sesionPerdida = (res.status === 401 || (res.status === 403 && !negocio)) && token !== null && op.sesion !== 'ignorar';
  if (sesionPerdida) avisarSesionExpirada();
  throw new ApiError(res.status, cuerpo, sesionPerdida);
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
  toast.error('Error', mensajeDeError(error, respaldo));
}
