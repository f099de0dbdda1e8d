import type { RegistroPsicologoBody } from '@miduelo/shared/cuentas';
import type { Estadisticas } from '@miduelo/shared/administracion';
import type { FilaAuditoria, PacienteAdmin, PsicologoAdmin } from '@miduelo/shared/administracion-esquemas';
import { http } from '@/nucleo/http';

// The Admin API of spec 2 §7 (base /api/admin).
const base = '/api/admin';

export const listarPsicologos = (signal?: AbortSignal) => http.get<PsicologoAdmin[]>(`${base}/psicologos`, { signal });
export const validarCedulaApi = (id: number, cedula: string) =>
  http.post<{ valida: boolean; mensaje: string }>(`${base}/psicologos/${id}/validar-cedula-api`, { cedula });
export const validarCedulaManual = (id: number) => http.put<{ msg: string }>(`${base}/psicologos/${id}/validar-cedula-manual`);
export const cambiarEstadoPsicologo = (id: number, status: 'activo' | 'inactivo') =>
  http.put<{ msg: string; status: string }>(`${base}/psicologos/${id}/status`, { status });
export const eliminarPsicologo = (id: number) => http.delete<{ msg: string; pacientes_sin_asignar: number }>(`${base}/psicologos/${id}`);

export const listarPacientes = (signal?: AbortSignal) => http.get<PacienteAdmin[]>(`${base}/pacientes`, { signal });
/** `id_psicologo_actual`: the psychologist the screen showed (null: 'Sin asignar'); if the patient's
 * psychologist changed since, the server changes nothing and answers 409 with her current row. */
export const reasignarPaciente = (id: number, id_psicologo: number, id_psicologo_actual: number | null) =>
  http.put<{ msg: string; paciente: PacienteAdmin; citas_canceladas: number }>(`${base}/pacientes/${id}/reasignar`, {
    id_psicologo,
    id_psicologo_actual,
  });
export const cambiarEstadoPaciente = (id: number, status: 'activo' | 'inactivo') =>
  http.put<{ msg: string; status: string }>(`${base}/pacientes/${id}/status`, { status });

export const obtenerEstadisticas = (signal?: AbortSignal) => http.get<Estadisticas>(`${base}/estadisticas`, { signal });

export interface FiltroAuditoria {
  page: number;
  accion?: string;
  actor_tipo?: string;
  recurso?: string;
}
export const leerAuditoria = (f: FiltroAuditoria, signal?: AbortSignal) =>
  http.get<{ data: FilaAuditoria[]; meta: { total: number; page: number; limit: number; totalPages: number } }>(`${base}/auditoria`, {
    signal,
    query: Object.fromEntries(
      Object.entries(f)
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)]),
    ),
  });

/** Spec 2 §6–§7: an administrator registers another administrator (activated by the emailed link). */
export const registrarAdministrador = (body: RegistroPsicologoBody) => http.post<{ msg: string }>('/api/psicologo/registro-admin', body);
