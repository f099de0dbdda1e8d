import type { Asignacion, EstadoAsignacion, Evidencia, Modulo, OkSchema } from '@miduelo/shared/actividades';
import type * as v from 'valibot';
import { type NuevaEvidencia, subirEvidenciaA } from '../lib/actividades';
import { api, useRecurso } from '../lib/api';

// The patient's activities (spec 2 §7, /api/paciente; decisions 200–204): her assignments, the
// five grief-stage modules, starting a module activity, finishing or resuming one, sharing its
// evidence, deleting an evidence. The psychologists' side is the web's api/actividades.ts (other
// requests, the same Asignacion and Modulo types). The upload's transport (XHR with progress) and
// the download of an evidence file (by the path the server answered) live in lib/actividades.ts.

export const useMisActividades = () => useRecurso<Asignacion[]>('/actividades');

export const useMisModulos = () => useRecurso<Modulo[]>('/modulos');

export const useMiActividad = (idAsignacion: number) => useRecurso<Asignacion>(`/actividades/${idAsignacion}`);

export const iniciarActividadDeModulo = (idActividad: number) =>
  api<Asignacion>(`/modulos/actividades/${idActividad}/iniciar`, { metodo: 'POST' });

export const cambiarEstadoActividad = (idAsignacion: number, estado: EstadoAsignacion) =>
  api<Asignacion>(`/actividades/${idAsignacion}`, { metodo: 'PATCH', cuerpo: { estado } });

export const cambiarVisibilidadEvidencias = (idAsignacion: number, visible: boolean) =>
  api<Asignacion>(`/actividades/${idAsignacion}/visibilidad`, { metodo: 'PUT', cuerpo: { visible_para_psicologo: visible } });

export const eliminarEvidencia = (idEvidencia: number) =>
  api<v.InferOutput<typeof OkSchema>>(`/evidencias/${idEvidencia}`, { metodo: 'DELETE' });

/** Her evidence (a file or a link), with its client id (decision 313), reporting progress (0–1). */
export const subirEvidencia = (idAsignacion: number, n: NuevaEvidencia, alAvanzar?: (p: number) => void): Promise<Evidencia> =>
  subirEvidenciaA(`/api/paciente/actividades/${idAsignacion}/evidencias`, n, alAvanzar);
