import type { Asignacion, Estadisticas, Evidencia, Historial, Modulo, Plantilla } from '@miduelo/shared/actividades';
import type { Entrada } from '@miduelo/shared/actividades-diario';
import { http } from '@/nucleo/http';

// Grief modules, the activity catalogue, assignments and evidence (spec 2 §7, base /api/psicologo).
const base = '/api/psicologo';

export interface DatosPlantilla {
  titulo: string;
  descripcion: string | null;
  tipo: string;
  obligatoria: boolean;
  repetitiva: boolean;
  periodo: number | null;
  archivo_url: string | null;
}

export interface DatosAsignar {
  id_actividad: number;
  pacientes: number[];
  fecha_limite: string | null;
  instrucciones_personalizadas: string | null;
  prioridad: 'baja' | 'media' | 'alta';
  /** One per opening of the dialog, sent by every attempt (decision 313): a retry after a lost
   * answer gets the assignments already stored (200) instead of a second set. */
  id_cliente?: string;
}

export const listarModulos = (idPaciente: number, signal?: AbortSignal) =>
  http.get<Modulo[]>(`${base}/pacientes/${idPaciente}/modulos`, { signal });

export const listarPlantillas = (signal?: AbortSignal) => http.get<Plantilla[]>(`${base}/actividades`, { signal });
export const crearPlantilla = (d: DatosPlantilla) => http.post<Plantilla>(`${base}/actividades`, { ...d, origen: 'personalizada' });
export const actualizarPlantilla = (id: number, d: DatosPlantilla) => http.put<Plantilla>(`${base}/actividades/${id}`, d);
export const eliminarPlantilla = (id: number) => http.delete<{ ok: true }>(`${base}/actividades/${id}`);

export const listarAsignaciones = (idPaciente: number, signal?: AbortSignal) =>
  http.get<Asignacion[]>(`${base}/paciente/${idPaciente}/actividades`, { signal });
export const estadisticas = (idPaciente: number, signal?: AbortSignal) =>
  http.get<Estadisticas>(`${base}/paciente/${idPaciente}/actividades/estadisticas`, { signal });
export const asignar = (d: DatosAsignar) => http.post<{ asignadas: number; asignaciones: Asignacion[] }>(`${base}/actividades/asignar`, d);
/** From a patient's own Actividades tab (spec 2 §7): to that patient alone, priority media, no
 * personal instructions. */
export const asignarAlPaciente = (idActividad: number, idPaciente: number, fechaLimite: string | null, idCliente?: string) =>
  asignar({
    id_actividad: idActividad,
    pacientes: [idPaciente],
    fecha_limite: fechaLimite,
    prioridad: 'media',
    instrucciones_personalizadas: null,
    ...(idCliente ? { id_cliente: idCliente } : {}),
  });
export const cambiarEstado = (id: number, estado: 'en_proceso' | 'finalizada') =>
  http.patch<Asignacion>(`${base}/actividades/asignadas/${id}`, {
    estado,
    fecha_completada: estado === 'finalizada' ? new Date().toISOString() : null,
  });
export const editarInstrucciones = (id: number, instrucciones_personalizadas: string) =>
  http.patch<Asignacion>(`${base}/actividades/asignadas/${id}`, { instrucciones_personalizadas });
export const eliminarAsignacion = (id: number) => http.delete<{ ok: true }>(`${base}/actividades/asignadas/${id}`);
export const enviarRecordatorio = (id: number) =>
  http.post<{ ok: true; msg: string }>(`${base}/actividades/asignadas/${id}/recordatorio`, {});

/** An evidence file through the authorized route (each view writes an audit row on the server). */
export const descargarEvidencia = (e: Pick<Evidencia, 'archivo_url'>, descargar = false, signal?: AbortSignal) =>
  http.get<Blob>(e.archivo_url, { signal, respuesta: 'blob', query: descargar ? { descargar: '1' } : undefined });

/** The entries of the emotion diary the patient shared, for one month ('yyyy-MM'). */
export const diarioCompartido = (idPaciente: number, mes: string, signal?: AbortSignal) =>
  http.get<Entrada[]>(`${base}/pacientes/${idPaciente}/diario`, { signal, query: { mes } });

export const historialModulos = (idPaciente: number, signal?: AbortSignal) =>
  http.get<Historial>(`${base}/pacientes/${idPaciente}/modulos/historial`, { signal });
