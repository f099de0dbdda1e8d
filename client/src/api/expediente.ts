import type {
  Aplicacion,
  AplicarTest,
  CrearNota,
  EditarNota,
  Evolucion,
  Nota,
  Respuesta,
  Test,
  TestDetalle,
} from '@miduelo/shared/expediente';
import { http } from '@/nucleo/http';

// Clinical record calls of spec 1 §7 Tests and Notes (base /api/psicologo).
const base = '/api/psicologo';

export const listarTests = (signal?: AbortSignal) => http.get<Test[]>(`${base}/tests`, { signal });

export const obtenerTest = (id: number, signal?: AbortSignal) => http.get<TestDetalle>(`${base}/tests/${id}`, { signal });

/** `id_cliente` (decision 313): the form's id for this opening and these answers (useIdCliente); the
 * same id again answers (200) the application already stored instead of a second one, and with other
 * answers 409 ID_CLIENTE_DISTINTO. */
export const aplicarTest = (datos: AplicarTest) => http.post<Aplicacion>(`${base}/tests/aplicar`, datos);

export const aplicacionesDePaciente = (idPaciente: number, signal?: AbortSignal) =>
  http.get<Aplicacion[]>(`${base}/pacientes/${idPaciente}/tests`, { signal });

export const evolucionDePaciente = (idPaciente: number, idTest: number | null, signal?: AbortSignal) =>
  http.get<Evolucion[]>(`${base}/pacientes/${idPaciente}/tests/graficas`, { signal, query: { id_test: idTest } });

export const respuestasDeAplicacion = (id: number, signal?: AbortSignal) =>
  http.get<Respuesta[]>(`${base}/tests/aplicaciones/${id}/respuestas`, { signal });

export const pdfDeAplicacion = (id: number) => http.get<Blob>(`${base}/tests/aplicaciones/${id}/pdf`, { respuesta: 'blob' });

export const notasDePaciente = (idPaciente: number, signal?: AbortSignal) =>
  http.get<Nota[]>(`${base}/pacientes/${idPaciente}/notas`, { signal });

/** `id_cliente` (decision 313): the form's id for this opening and this content (useIdCliente); the
 * same id again answers (200) the note already stored instead of a second one, and with other content
 * 409 ID_CLIENTE_DISTINTO. */
export const crearNota = (datos: CrearNota) => http.post<Nota>(`${base}/notas`, datos);

export const editarNota = (id: number, datos: EditarNota) => http.put<Nota>(`${base}/notas/${id}`, datos);

export const eliminarNota = (id: number) => http.delete<{ id_nota: number }>(`${base}/notas/${id}`);
