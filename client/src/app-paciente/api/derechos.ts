import type { Oposicion, OposicionRespuesta } from '@miduelo/shared/derechos-oposicion';
import { api as pedir } from '@/nucleo/http';
import { api, useRecurso } from '../lib/api';

// Her rights over her data (issue 56; decisions 376, 377): the ZIP of everything the platform holds
// about her, and the switches of her opposition to specific uses. Only the patient's app has these.

/** The ZIP (a few kB to hundreds of MB with evidence files): kept in memory only until saved. */
export const descargarMisDatos = (signal?: AbortSignal) =>
  pedir<Blob>('/api/paciente/mis-datos/exportacion', { respuesta: 'blob', signal });

/** Her switches; not kept on the phone (they are read fresh each time). */
export const useOposicion = () => useRecurso<OposicionRespuesta>('/mis-datos/oposicion', null);

export const guardarOposicion = (o: Oposicion) => api<OposicionRespuesta>('/mis-datos/oposicion', { metodo: 'PUT', cuerpo: o });
