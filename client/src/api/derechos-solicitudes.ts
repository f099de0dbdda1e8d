import type { ResolverSolicitudArco, SolicitudArcoAdmin } from '@miduelo/shared/derechos-solicitudes';
import { http } from '@/nucleo/http';

// The administrators' queue of ARCO requests (decision 378; base /api/admin).

export const listarSolicitudesArco = (estado: 'pendientes' | 'todas', signal?: AbortSignal) =>
  http.get<SolicitudArcoAdmin[]>('/api/admin/derechos/solicitudes', { signal, query: { estado } });

/** Resolves a request (409 when another administrator already did). A cancellation closes the account. */
export const resolverSolicitudArco = (id: number, cuerpo: ResolverSolicitudArco) =>
  http.post<SolicitudArcoAdmin>(`/api/admin/derechos/solicitudes/${id}/resolver`, cuerpo);
