import type { Apertura } from '@miduelo/shared/supervision';
import { http } from '@/nucleo/http';

// The psychologist's side of supervision (issue 55, decisions 365 and 369).

/** Every opening of her conversations by an administrator, newest first. */
export const misSupervisiones = (signal?: AbortSignal) => http.get<Apertura[]>('/api/psicologo/supervisiones', { signal });
