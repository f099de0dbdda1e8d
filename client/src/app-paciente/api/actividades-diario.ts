import type { OkSchema } from '@miduelo/shared/actividades';
import type { Entrada } from '@miduelo/shared/actividades-diario';
import type * as v from 'valibot';
import { api, useRecurso } from '../lib/api';

// The patient's emotion diary (/api/paciente/diario; decisions 126, 212, 274): her entries, writing
// one (with the form's client id, decision 313), sharing it or not with the psychologist, deleting
// it. The psychologist reads the shared ones through the web's api/actividades.ts (another request,
// the same Entrada type).

/** What a save sends (shared EntradaBody, as the form holds it: the server checks the emotion). */
export interface NuevaEntrada {
  /** The day it is about; absent, the server takes the clinic's today. */
  fecha?: string;
  emocion: string;
  intensidad: number;
  nota: string | null;
  compartida: boolean;
  id_cliente: string;
}

/** Every entry, shown at once from the phone and refreshed (Home's check-in and the diary share it). */
export const useMiDiario = () => useRecurso<Entrada[]>('/diario');

export const registrarEntrada = (entrada: NuevaEntrada) => api<Entrada>('/diario', { metodo: 'POST', cuerpo: entrada });

export const compartirEntrada = (idEntrada: number, compartida: boolean) =>
  api<Entrada>(`/diario/${idEntrada}/compartir`, { metodo: 'PUT', cuerpo: { compartida } });

export const eliminarEntrada = (idEntrada: number) => api<v.InferOutput<typeof OkSchema>>(`/diario/${idEntrada}`, { metodo: 'DELETE' });
