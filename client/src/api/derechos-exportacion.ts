import { http } from '@/nucleo/http';

// An administrator's download of one patient's data (issue 56, decision 376): the same ZIP the
// patient gets from "Descargar mis datos", audited as the administrator's.
export const exportacionDePaciente = (idPaciente: number) =>
  http.get<Blob>(`/api/admin/pacientes/${idPaciente}/exportacion`, { respuesta: 'blob' });
