// Rows → what each side sees. The psychologist sees evidence only when the patient allowed it
// (visible_para_psicologo) or when they uploaded it themselves; the patient sees all of their own.
import type { Asignacion, Evidencia, TipoArchivo } from '@miduelo/shared/actividades';
import type { Cifrador } from '../../comun/cifrado';
import type { FilaAsignacion, FilaEvidencia } from './repo';

export const COLUMNA_INSTRUCCIONES = 'actividad_asignada.instrucciones_personalizadas';
export const COLUMNA_COMENTARIO = 'evidencia.comentario';
/** The uploaded file's name ("carta-a-mi-papa.pdf") and a shared link are the patient's too (decision 311). */
export const COLUMNA_NOMBRE_ARCHIVO = 'evidencia.nombre_archivo';
export const COLUMNA_ENLACE = 'evidencia.enlace';

export type Lado = 'psicologo' | 'paciente';

export function puedeVerPsicologo(e: Pick<FilaEvidencia, 'subida_por'>, visible: boolean): boolean {
  return visible || e.subida_por === 'psicologo';
}

export function vistaEvidencia(cif: Cifrador, lado: Lado, e: FilaEvidencia): Evidencia {
  return {
    id_evidencia: e.id_evidencia,
    id_asignacion: e.id_asignacion,
    archivo_url: e.clave
      ? `/api/${lado}/evidencias/${e.id_evidencia}/archivo`
      : e.enlace === null
        ? ''
        : cif.leer(e.enlace, COLUMNA_ENLACE),
    tipo_archivo: e.tipo_archivo as TipoArchivo,
    es_archivo: e.clave !== null,
    nombre_archivo: e.nombre_archivo === null ? null : cif.leer(e.nombre_archivo, COLUMNA_NOMBRE_ARCHIVO),
    mime: e.mime,
    tamano: e.tamano,
    comentario: e.comentario === null ? null : cif.leer(e.comentario, COLUMNA_COMENTARIO),
    fecha_subida: e.fecha_subida.toISOString(),
    subida_por: e.subida_por as 'paciente' | 'psicologo',
  };
}

/** Evidence of the assignments, grouped by assignment, filtered for the side that reads them. */
export function agruparEvidencias(
  cif: Cifrador,
  lado: Lado,
  filas: FilaEvidencia[],
  visibles: Map<number, boolean>,
): Map<number, Evidencia[]> {
  const por = new Map<number, Evidencia[]>();
  for (const e of filas) {
    if (lado === 'psicologo' && !puedeVerPsicologo(e, visibles.get(e.id_asignacion) ?? false)) continue;
    const lista = por.get(e.id_asignacion) ?? [];
    lista.push(vistaEvidencia(cif, lado, e));
    por.set(e.id_asignacion, lista);
  }
  return por;
}

export function vistaAsignacion(cif: Cifrador, f: FilaAsignacion, evidencias: Evidencia[]): Asignacion {
  return {
    id_asignacion: f.id_asignacion,
    id_actividad: f.id_actividad,
    id_paciente: f.id_paciente,
    estado: f.estado,
    prioridad: f.prioridad,
    fecha_asignacion: f.fecha_asignacion.toISOString(),
    fecha_limite: f.fecha_limite,
    fecha_completada: f.fecha_completada?.toISOString() ?? null,
    instrucciones_personalizadas:
      f.instrucciones_personalizadas === null ? null : cif.leer(f.instrucciones_personalizadas, COLUMNA_INSTRUCCIONES),
    visible_para_psicologo: f.visible_para_psicologo,
    revisada_en: f.revisada_en?.toISOString() ?? null,
    version: f.version,
    evidencias,
    total_evidencias: evidencias.length,
    actividad: f.actividad,
  };
}
