import type { SesionAbierta } from '@miduelo/shared/dispositivos';
import { http } from '@/nucleo/http';

// The account's open sessions (issue 56, decision 380), any kind of account.

type Cerradas = { msg: string; cerradas: number };

export const sesionesAbiertas = (signal?: AbortSignal) => http.get<SesionAbierta[]>('/api/sesiones', { signal });
export const cerrarSesionAbierta = (id: number) => http.delete<Cerradas>(`/api/sesiones/${id}`);
export const cerrarOtrasSesiones = () => http.post<Cerradas>('/api/sesiones/cerrar-otras');
