// Evidence: uploads streamed to storage with their type decided by the file's content, and files
// served only to the patient who owns them or, when the patient allowed it, to their psychologist
// (decision 121). Every view or download by the psychologist writes an audit row first.
import { type Creado, idClienteDistinto } from '../../comun/id-cliente';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { type Evidencia, EvidenciaCampos, MSG_ACTIVIDADES, type TipoArchivo, resolverTipoEvidencia } from '@miduelo/shared/actividades';
import { ID_CLIENTE } from '@miduelo/shared/comun';
import { MSG_LIMITES } from '@miduelo/shared/limites-de-volumen';
import { fileTypeFromBuffer } from 'file-type';
import * as v from 'valibot';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { AppError, badRequest, notFound } from '../../errors';
import type { AlmacenEvidencias } from './almacen';
import { conExtension } from './archivo';
import { type CtxAct, noEncontrada, publicar } from './comun';
import {
  actualizarAsignacion,
  asignacion,
  bloquearAsignacion,
  bloquearCuotaPaciente,
  bytesDeEvidencias,
  eliminarEvidencia,
  evidenciaConAsignacion,
  evidenciaPorCliente,
  evidenciasDe,
  insertarEvidencia,
} from './repo';
import { COLUMNA_COMENTARIO, COLUMNA_ENLACE, COLUMNA_NOMBRE_ARCHIVO, puedeVerPsicologo, vistaEvidencia } from './dto';

export type CtxEv = CtxAct & { almacen: AlmacenEvidencias };

/** Who is asking: a psychologist (only their patients) or a patient (only their own). */
export type Quien = { lado: 'psicologo'; idPsicologo: number; actor: Actor } | { lado: 'paciente'; idPaciente: number; actor: Actor };

/** Types accepted by their magic bytes (never by name or declared type). SVG and HTML are text,
 * have no signature and so are refused: nothing uploaded can run script on our origin. */
const TIPOS: Record<string, TipoArchivo> = {
  'image/jpeg': 'imagen',
  'image/png': 'imagen',
  'image/gif': 'imagen',
  'image/webp': 'imagen',
  'image/bmp': 'imagen',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
  'video/ogg': 'video',
  'video/vnd.avi': 'video',
  'audio/mpeg': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/ogg': 'audio',
  // Ogg with Opus inside (voice notes recorded on phones and in browsers): file-type names it so.
  'audio/ogg; codecs=opus': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/aac': 'audio',
  'audio/flac': 'audio',
  'audio/x-flac': 'audio',
  'application/pdf': 'documento',
};
/** Shown in the page (img, video, audio, the document frame); anything else only downloads. */
const EN_LINEA = new Set(Object.keys(TIPOS));
const MUESTRA = 4100;

const demasiadoGrande = (ctx: Pick<CtxAct, 'config'>) =>
  new AppError(
    413,
    'EVIDENCIA_DEMASIADO_GRANDE',
    MSG_ACTIVIDADES.evidenciaDemasiadoGrande(Math.round(ctx.config.evidenciaMaxBytes / 1024 / 1024)),
  );
const cuotaAlcanzada = (ctx: Pick<CtxAct, 'config'>) =>
  new AppError(413, 'CUOTA_EVIDENCIAS_ALCANZADA', MSG_LIMITES.cuotaEvidencias(Math.round(ctx.config.cuotaEvidenciasBytes / 1024 / 1024)));
const tipoNoPermitido = () => new AppError(415, 'TIPO_NO_PERMITIDO', MSG_ACTIVIDADES.evidenciaTipoNoPermitido);

/** Multipart's own failures, in Spanish. */
function traducir(ctx: Pick<CtxAct, 'config'>, err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return demasiadoGrande(ctx);
  if (code === 'FST_FILES_LIMIT') return new AppError(413, 'DEMASIADOS_ARCHIVOS', MSG_ACTIVIDADES.evidenciaDemasiados);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(413, 'DEMASIADOS_CAMPOS', MSG_ACTIVIDADES.evidenciaDemasiados);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError(415, 'MULTIPART_REQUERIDO', MSG_ACTIVIDADES.multipartRequerido);
  return err;
}

/** A name fit for Content-Disposition: the last path segment, no control characters, short, with
 * the extension of `mime`, the type detected from the content (decision 332). */
export function nombreSeguro(nombre: string | undefined, mime: string | undefined): string {
  const base = (nombre ?? '').split(/[\\/]/).pop() ?? '';
  const limpio = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g, '')
    .trim()
    .slice(0, 150);
  return conExtension(limpio && limpio !== '.' && limpio !== '..' ? limpio : 'evidencia', mime);
}

/** Streams a file part to storage, deciding its type from its first bytes before writing on. */
async function guardarArchivo(ctx: CtxEv, parte: Multipart & { type: 'file' }) {
  let tipo: { mime: string; ext: string } | undefined;
  async function* conTipo(origen: AsyncIterable<Buffer>) {
    const cabeza: Buffer[] = [];
    let n = 0;
    let decidido = false;
    const decidir = async () => {
      const muestra = Buffer.concat(cabeza);
      if (muestra.length === 0) throw badRequest(MSG_ACTIVIDADES.evidenciaVacia, 'EVIDENCIA_VACIA');
      const t = await fileTypeFromBuffer(muestra);
      if (!t || !(t.mime in TIPOS)) throw tipoNoPermitido();
      tipo = t;
      decidido = true;
    };
    for await (const trozo of origen) {
      if (decidido) {
        yield trozo;
        continue;
      }
      cabeza.push(trozo);
      n += trozo.length;
      if (n >= MUESTRA) {
        await decidir();
        yield* cabeza;
      }
    }
    if (!decidido) {
      await decidir();
      yield* cabeza;
    }
  }
  const clave = ctx.almacen.nuevaClave();
  let bytes: number;
  let llave: string;
  try {
    ({ bytes, llave } = await ctx.almacen.guardar(clave, Readable.from(conTipo(parte.file))));
  } catch (err) {
    // The type check stopped reading: drain the rest so the request can be answered.
    parte.file.resume();
    throw traducir(ctx, err);
  }
  if (parte.file.truncated) {
    await ctx.almacen.eliminar(clave);
    throw demasiadoGrande(ctx);
  }
  const t = tipo as { mime: string; ext: string };
  return { clave, bytes, llave, mime: t.mime, tipo: TIPOS[t.mime], nombre: nombreSeguro(parte.filename, t.mime) };
}

/** Reads a retry's file part to its end without storing it: its size, and its name as
 * `guardarArchivo` would have stored it (its extension is the content's type, from its first
 * bytes). */
async function drenarArchivo(ctx: Pick<CtxAct, 'config'>, parte: Multipart & { type: 'file' }) {
  const cabeza: Buffer[] = [];
  let bytes = 0;
  for await (const trozo of parte.file as AsyncIterable<Buffer>) {
    if (bytes < MUESTRA) cabeza.push(trozo);
    bytes += trozo.length;
  }
  if (parte.file.truncated) throw demasiadoGrande(ctx);
  const t = await fileTypeFromBuffer(Buffer.concat(cabeza).subarray(0, MUESTRA)).catch(() => undefined);
  return { nombre: nombreSeguro(parte.filename, t?.mime), bytes };
}

async function asignacionDe(ctx: CtxEv, quien: Quien, idAsignacion: number) {
  const f = await asignacion(ctx.db, idAsignacion);
  const propia = f && (quien.lado === 'psicologo' ? f.id_psicologo_paciente === quien.idPsicologo : f.id_paciente === quien.idPaciente);
  if (!f || !propia) throw noEncontrada();
  return f;
}

/** POST …/evidencia(s): one file or one link, a comment and (patient) the visibility switch. The
 * file is stored before the row; if anything fails before the row commits, the file is removed: no
 * file without a row and no row without a file. Once committed, both stand: a failure to tell the
 * open screens or to read the answer back never removes the file of a stored evidence.
 *
 * With `id_cliente` (decision 313) a retry answers the evidence this side already stored on the
 * assignment with that id (`nueva: false`), writing, auditing and publishing nothing: an id read
 * before the file part means the retry's file is drained unread; one read after it is only known
 * once the file is stored, and that file is removed. Uploads to one assignment take its row lock,
 * so a concurrent retry finds the first one's row. The same id with other content (a link: the link
 * and comment; a file: the comment, the stored name and the size — no content hash is stored) is
 * refused with 409 ID_CLIENTE_DISTINTO and, like any failure, leaves no row and no file. */
export async function subirEvidencia(
  ctx: CtxEv,
  quien: Quien,
  o: { idAsignacion: number; partes: () => AsyncIterableIterator<Multipart> },
): Promise<Creado<Evidencia>> {
  const asignada = await asignacionDe(ctx, quien, o.idAsignacion);
  const campos: Record<string, string> = {};
  let archivo: Awaited<ReturnType<typeof guardarArchivo>> | null = null;
  let yaGuardada: number | null = null;
  // The file of a retry whose id came first: drained unread, only its name and size are kept.
  let drenado: { nombre: string; bytes: number } | null = null;
  let id: number;
  let nueva = true;
  try {
    try {
      for await (const parte of o.partes()) {
        if (parte.type === 'file') {
          if (archivo || yaGuardada !== null) {
            parte.file.resume();
            throw new AppError(413, 'DEMASIADOS_ARCHIVOS', MSG_ACTIVIDADES.evidenciaDemasiados);
          }
          const idCliente = campos.id_cliente;
          yaGuardada =
            idCliente !== undefined && ID_CLIENTE.test(idCliente)
              ? ((await evidenciaPorCliente(ctx.db, o.idAsignacion, quien.lado, idCliente))?.id ?? null)
              : null;
          if (yaGuardada !== null) {
            // A retry of a stored upload: its file is not stored again, only measured and named
            // (the name as the store would give it) to tell a retry from other content.
            drenado = await drenarArchivo(ctx, parte);
          } else {
            // The patient's storage quota (decision 334): a patient already at it stores no file
            // (a link takes no space); the exact check, with this file's size, is made under the lock below.
            if ((await bytesDeEvidencias(ctx.db, asignada.id_paciente)) >= ctx.config.cuotaEvidenciasBytes) {
              parte.file.resume();
              throw cuotaAlcanzada(ctx);
            }
            archivo = await guardarArchivo(ctx, parte);
          }
        } else if (['comentario', 'url', 'visible_para_psicologo', 'id_cliente'].includes(parte.fieldname)) {
          campos[parte.fieldname] = String(parte.value);
        }
      }
    } catch (err) {
      throw traducir(ctx, err);
    }
    const r = v.safeParse(EvidenciaCampos, campos);
    if (!r.success) throw badRequest(r.issues[0].message, 'VALIDACION');
    const d = r.output;
    const conArchivo = archivo !== null || yaGuardada !== null;
    if (conArchivo && d.url) throw badRequest(MSG_ACTIVIDADES.evidenciaArchivoYEnlace, 'EVIDENCIA_ARCHIVO_Y_ENLACE');
    if (!conArchivo && !d.url) throw badRequest(MSG_ACTIVIDADES.evidenciaSinContenido, 'EVIDENCIA_SIN_CONTENIDO');
    const visible =
      d.visible_para_psicologo === undefined ? undefined : d.visible_para_psicologo === 'true' || d.visible_para_psicologo === '1';
    const a = archivo as typeof archivo;
    const idCliente = d.id_cliente;
    const guardada = await ctx.db.transaction(async (tx) => {
      const bloqueada = await bloquearAsignacion(tx, o.idAsignacion);
      if (!bloqueada) throw noEncontrada();
      // Under the assignment's lock: a concurrent retry's row is committed and seen here.
      const previa = idCliente === null ? null : await evidenciaPorCliente(tx, o.idAsignacion, quien.lado, idCliente);
      if (previa !== null) {
        // Stripe's rule: the same id with other content is not a retry — refused, nothing written
        // (a file this request stored is removed below). A file is compared by name and size: no
        // hash of its content is stored.
        const deArchivo = a ? { nombre: a.nombre, bytes: a.bytes } : drenado;
        const misma =
          (previa.comentario === null ? null : ctx.cifrador.leer(previa.comentario, COLUMNA_COMENTARIO)) === (d.comentario || null) &&
          (deArchivo
            ? previa.clave !== null &&
              previa.tamano === deArchivo.bytes &&
              previa.nombre_archivo !== null &&
              ctx.cifrador.leer(previa.nombre_archivo, COLUMNA_NOMBRE_ARCHIVO) === deArchivo.nombre
            : previa.enlace !== null && ctx.cifrador.leer(previa.enlace, COLUMNA_ENLACE) === d.url);
        if (!misma) throw idClienteDistinto();
        return { id: previa.id, nueva: false };
      }
      // The evidence the early look-up found was removed meanwhile: this request has no file to store.
      if (yaGuardada !== null) throw notFound(MSG_ACTIVIDADES.evidenciaNoEncontrada, 'EVIDENCIA_NO_ENCONTRADA');
      if (a) {
        // Under this patient's upload lock: concurrent uploads to any of their assignments take turns.
        await bloquearCuotaPaciente(tx, bloqueada.id_paciente);
        if ((await bytesDeEvidencias(tx, bloqueada.id_paciente)) + a.bytes > ctx.config.cuotaEvidenciasBytes) throw cuotaAlcanzada(ctx);
      }
      const id = await insertarEvidencia(tx, {
        id_asignacion: o.idAsignacion,
        subida_por: quien.lado,
        clave: a?.clave ?? null,
        enlace: a || !d.url ? null : ctx.cifrador.cifrar(d.url, COLUMNA_ENLACE),
        nombre_archivo: a ? ctx.cifrador.cifrar(a.nombre, COLUMNA_NOMBRE_ARCHIVO) : null,
        mime: a?.mime ?? null,
        tamano: a?.bytes ?? null,
        llave_archivo: a?.llave ?? null,
        tipo_archivo: a ? a.tipo : resolverTipoEvidencia(d.url ?? ''),
        comentario: d.comentario ? ctx.cifrador.cifrar(d.comentario, COLUMNA_COMENTARIO) : null,
        fecha_subida: ctx.now(),
        id_cliente: idCliente,
      });
      // The switch belongs to the patient: a psychologist's upload never changes it.
      if (quien.lado === 'paciente' && visible !== undefined && visible !== bloqueada.visible_para_psicologo)
        await actualizarAsignacion(tx, o.idAsignacion, { visible_para_psicologo: visible });
      else await actualizarAsignacion(tx, o.idAsignacion, {});
      await auditar(tx, quien.actor, {
        accion: 'crear',
        recurso: 'evidencia',
        idRecurso: id,
        idPaciente: bloqueada.id_paciente,
        detalle: { id_asignacion: o.idAsignacion, tipo: a ? a.tipo : 'enlace' },
      });
      return { id, nueva: true };
    });
    id = guardada.id;
    nueva = guardada.nueva;
  } catch (err) {
    if (archivo) await ctx.almacen.eliminar((archivo as { clave: string }).clave).catch(() => {});
    throw err;
  }
  if (!nueva) {
    // A retry: the file this request stored (an id sent after the file part) is not the evidence's.
    if (archivo)
      await ctx.almacen
        .eliminar((archivo as { clave: string }).clave)
        .catch((err) => ctx.log.warn({ err }, 'no se pudo borrar el archivo de un reintento de evidencia'));
  } else {
    // Stored: the other screens learn it on their next read if this notice cannot go out (decision 282).
    await avisar(ctx, 'subir evidencia', () => publicar(ctx, 'actualizada', [o.idAsignacion], quien.lado));
  }
  const f = await evidenciaConAsignacion(ctx.db, id);
  if (!f) throw notFound(MSG_ACTIVIDADES.evidenciaNoEncontrada, 'EVIDENCIA_NO_ENCONTRADA');
  return { registro: vistaEvidencia(ctx.cifrador, quien.lado, f.ev), nueva };
}

/** An evidence as the caller may see it, or 404 (never a hint that a private one exists). */
async function evidenciaVisible(ctx: CtxEv, quien: Quien, idEvidencia: number) {
  const f = await evidenciaConAsignacion(ctx.db, idEvidencia);
  const ok =
    f &&
    (quien.lado === 'paciente'
      ? f.id_paciente === quien.idPaciente
      : f.id_psicologo_paciente === quien.idPsicologo && puedeVerPsicologo(f.ev, f.visible_para_psicologo));
  if (!f || !ok) throw notFound(MSG_ACTIVIDADES.evidenciaNoEncontrada, 'EVIDENCIA_NO_ENCONTRADA');
  return f;
}

export async function abrirEvidencia(ctx: CtxEv, quien: Quien, o: { idEvidencia: number; descargar: boolean }) {
  const f = await evidenciaVisible(ctx, quien, o.idEvidencia);
  if (!f.ev.clave) throw notFound(MSG_ACTIVIDADES.evidenciaNoEncontrada, 'EVIDENCIA_NO_ENCONTRADA');
  const archivo = await ctx.almacen.leer(f.ev.clave);
  if (!archivo) throw notFound(MSG_ACTIVIDADES.evidenciaNoEncontrada, 'EVIDENCIA_NO_ENCONTRADA');
  if (quien.lado === 'psicologo') {
    // Fail closed: no audit row, no file.
    try {
      await auditar(ctx.db, quien.actor, {
        accion: o.descargar ? 'descargar' : 'leer',
        recurso: 'evidencia',
        idRecurso: o.idEvidencia,
        idPaciente: f.id_paciente,
      });
    } catch (err) {
      archivo.flujo.destroy();
      throw err;
    }
  }
  const mime = f.ev.mime ?? 'application/octet-stream';
  return {
    flujo: archivo.flujo,
    bytes: archivo.bytes,
    mime,
    // Also a name stored before decision 332 leaves with its type's extension.
    nombre: conExtension(f.ev.nombre_archivo === null ? 'evidencia' : ctx.cifrador.leer(f.ev.nombre_archivo, COLUMNA_NOMBRE_ARCHIVO), mime),
    enLinea: !o.descargar && EN_LINEA.has(mime),
  };
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function disposicion(enLinea: boolean, nombre: string): string {
  const ascii =
    nombre
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;]/g, '_') || 'evidencia';
  return `${enLinea ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;
}

export async function evidenciasPaciente(ctx: CtxEv, idPaciente: number, idAsignacion: number) {
  const f = await asignacion(ctx.db, idAsignacion);
  if (!f || f.id_paciente !== idPaciente) throw noEncontrada();
  const filas = await evidenciasDe(ctx.db, [idAsignacion]);
  return filas.map((e) => vistaEvidencia(ctx.cifrador, 'paciente', e));
}

/** The patient removes one of their own pieces of evidence (row first, then the file). */
export async function eliminarEvidenciaPaciente(ctx: CtxEv, o: { idPaciente: number; actor: Actor; idEvidencia: number }) {
  const f = await evidenciaVisible(ctx, { lado: 'paciente', idPaciente: o.idPaciente, actor: o.actor }, o.idEvidencia);
  await ctx.db.transaction(async (tx) => {
    await bloquearAsignacion(tx, f.ev.id_asignacion);
    await eliminarEvidencia(tx, o.idEvidencia);
    await actualizarAsignacion(tx, f.ev.id_asignacion, {});
    await auditar(tx, o.actor, { accion: 'eliminar', recurso: 'evidencia', idRecurso: o.idEvidencia, idPaciente: f.id_paciente });
  });
  if (f.ev.clave) await ctx.almacen.eliminar(f.ev.clave).catch((err) => ctx.log.warn({ err }, 'no se pudo borrar un archivo de evidencia'));
  await avisar(ctx, 'eliminar evidencia', () => publicar(ctx, 'actualizada', [f.ev.id_asignacion], 'paciente'));
  return { ok: true as const, msg: 'Evidencia eliminada' };
}
