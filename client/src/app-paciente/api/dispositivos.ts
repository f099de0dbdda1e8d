import type { SesionAbierta } from '@miduelo/shared/dispositivos';
import { api } from '../lib/api';

// The patient's open sessions in the app (issue 56, decision 380): the same routes as the web's.

type Cerradas = { msg: string; cerradas: number };
const raiz = { raiz: '/api/sesiones' } as const;

export const sesionesAbiertas = (signal?: AbortSignal) => api<SesionAbierta[]>('', { ...raiz, signal });
export const cerrarSesionAbierta = (id: number) => api<Cerradas>(`/${id}`, { ...raiz, metodo: 'DELETE' });
export const cerrarOtrasSesiones = () => api<Cerradas>('/cerrar-otras', { ...raiz, metodo: 'POST' });
