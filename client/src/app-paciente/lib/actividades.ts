// The patient's activities in the app (docs/decisions/200–205): merging live changes, what is
// pending today, deadlines said gently, and evidence going up (with progress) and coming down
// (files are served only with the session's token, so they are fetched, never linked).
// Only types from shared/ here: Home imports this file and stays in the first load.
import type { Asignacion, Evidencia } from '@miduelo/shared/actividades';
import { terminaSesion } from '@/nucleo/politica-sesion';
import { leerCookieXsrf } from '@/nucleo/xsrf';
import { ErrorApi, sinRespuesta } from './api';
import { fechaLarga, hoyClinica, sumarDias } from './fechas';
import { sesionActual, sesionTerminada } from './sesion';

/** Merges a live change into the list by id: a newer version wins, a removed one leaves. */
export function aplicarAsignacion(
  lista: Asignacion[] | undefined,
  tipo: 'creada' | 'actualizada' | 'eliminada',
  a: Asignacion,
): Asignacion[] {
  const actual = (lista ?? []).find((x) => x.id_asignacion === a.id_asignacion);
  const resto = (lista ?? []).filter((x) => x.id_asignacion !== a.id_asignacion);
  if (tipo === 'eliminada') return resto;
  if (actual && actual.version > a.version) return lista ?? [];
  return [a, ...resto];
}

/** In progress first, by deadline (none last), then newest assignment. */
export function ordenarAsignaciones(lista: Asignacion[]): Asignacion[] {
  const clave = (a: Asignacion) => a.fecha_limite ?? '9999-12-31';
  return [...lista].sort(
    (a, b) =>
      (a.estado === b.estado ? 0 : a.estado === 'en_proceso' ? -1 : 1) ||
      clave(a).localeCompare(clave(b)) ||
      String(b.fecha_asignacion).localeCompare(String(a.fecha_asignacion)),
  );
}

/** Today's pending activities (decision 203): in progress and due today or earlier. */
export function pendientesDeHoy(lista: Asignacion[] | undefined, hoy = hoyClinica()): Asignacion[] {
  return ordenarAsignaciones(
    (lista ?? []).filter((a) => a.estado === 'en_proceso' && a.fecha_limite !== null && a.fecha_limite.slice(0, 10) <= hoy),
  );
}

/** The deadline as a patient in grief should read it: a suggestion, never a reproach. */
export function textoFechaLimite(fecha: string | null, hoy = hoyClinica()): string | null {
  if (!fecha) return null;
  const f = fecha.slice(0, 10);
  if (f === hoy) return 'Para hoy';
  if (f === sumarDias(hoy, 1)) return 'Para mañana';
  if (f < hoy) return `Sugerida para el ${fechaLarga(f)}; puedes hacerla cuando puedas`;
  return `Para el ${fechaLarga(f)}`;
}

export const ETIQUETA_ESTADO_APP = { en_proceso: 'En curso', finalizada: 'Terminada', no_asignada: 'Por empezar' } as const;

export function tamanoLegible(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
}

function cabeceras(): Record<string, string> {
  const s = sesionActual();
  return s ? { authorization: `Bearer ${s.token}` } : {};
}

export interface NuevaEvidencia {
  archivo?: File;
  url?: string;
  comentario?: string;
  visible: boolean;
  /** The upload's client id (decision 313): a retry answers the evidence already stored. */
  idCliente?: string;
}

/** An evidence POSTed as multipart to `ruta` (api/actividades.ts names it), reporting progress
 * (0–1). The server decides the type from the file's bytes; its Spanish message is what the patient
 * reads. */
export function subirEvidenciaA(ruta: string, n: NuevaEvidencia, alAvanzar?: (p: number) => void): Promise<Evidencia> {
  const fd = new FormData();
  // The text fields go before the file: the server reads them whatever the order, but a refused
  // file then stops the upload without losing them.
  if (n.comentario?.trim()) fd.append('comentario', n.comentario.trim());
  // Before the file too: a retry of a stored upload is then known before its file is stored.
  if (n.idCliente) fd.append('id_cliente', n.idCliente);
  fd.append('visible_para_psicologo', n.visible ? 'true' : 'false');
  if (n.url?.trim()) fd.append('url', n.url.trim());
  if (n.archivo) fd.append('archivo', n.archivo, n.archivo.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ruta);
    for (const [k, v] of Object.entries(cabeceras())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('accept', 'application/json');
    // As every other write of the app: with the site's anti-forgery cookie here, the server wants it echoed.
    const xsrf = leerCookieXsrf();
    if (xsrf) xhr.setRequestHeader('x-xsrf-token', xsrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) alAvanzar?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ErrorApi(0, sinRespuesta('POST')));
    xhr.onload = () => {
      let datos: { msg?: string; code?: string } | null = null;
      try {
        datos = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        datos = null;
      }
      // 201 stored now; 200 a retry of one already stored (decision 313).
      if (xhr.status === 201 || xhr.status === 200) return resolve(datos as unknown as Evidencia);
      // The one policy of both apps (nucleo/politica-sesion.ts), as for every other request.
      const perdida = terminaSesion(xhr.status, datos?.code);
      if (perdida) sesionTerminada();
      const msg =
        datos?.msg ??
        (xhr.status === 413
          ? 'El archivo es demasiado grande para subirlo.'
          : 'No pudimos subir tu evidencia. Inténtalo de nuevo en un momento.');
      reject(new ErrorApi(xhr.status, { msg, code: datos?.code }, perdida));
    };
    xhr.send(fd);
  });
}

/** A file of the patient's own evidence as a blob URL (revoke it when done). */
export async function urlDeArchivo(ruta: string, descargar = false): Promise<string> {
  let res: Response;
  try {
    res = await fetch(descargar ? `${ruta}?descargar=1` : ruta, { headers: cabeceras(), cache: 'no-store', credentials: 'same-origin' });
  } catch {
    throw new ErrorApi(0, sinRespuesta('GET'));
  }
  if (!res.ok) throw new ErrorApi(res.status, { msg: 'No pudimos abrir este archivo.' });
  return URL.createObjectURL(await res.blob());
}
