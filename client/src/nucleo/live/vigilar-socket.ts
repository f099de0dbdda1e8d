import { POLL_MS } from '@miduelo/shared/constants';
import { useSocket } from '@/nucleo/socket';
import { vigilarConexion } from './vigilancia';

/**
 * Polls `recargar` every 30 s while the app's socket is not connected and calls it once each time
 * the socket (re)connects. Returns the function that stops watching.
 */
export function vigilarRecurso(recargar: () => void, intervalMs: number = POLL_MS): () => void {
  return vigilarConexion(
    {
      actual: () => useSocket.getState().estado,
      suscribir: (cambio) => useSocket.subscribe((actual, previo) => cambio(actual.estado, previo.estado)),
    },
    recargar,
    intervalMs,
  );
}
