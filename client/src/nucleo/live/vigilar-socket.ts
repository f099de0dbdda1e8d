import { POLL_MS } from '@miduelo/shared/constants';
import { useSocket } from '@/nucleo/socket';
import { type EstadoConexion, vigilarConexion } from './vigilancia';

/** What the live screens follow: the socket's state, read as down while the browser is offline
 * (the socket may not have noticed yet), so that coming back online catches up at once. */
const estadoVivo = (s: { estado: EstadoConexion; enLinea: boolean }): EstadoConexion => (s.enLinea ? s.estado : 'desconectado');

/**
 * Polls `recargar` every 30 s while the app's socket is not connected and calls it once each time
 * the socket (re)connects. Returns the function that stops watching.
 */
export function vigilarRecurso(recargar: () => void, intervalMs: number = POLL_MS): () => void {
  return vigilarConexion(
    {
      actual: () => estadoVivo(useSocket.getState()),
      suscribir: (cambio) => useSocket.subscribe((actual, previo) => cambio(estadoVivo(actual), estadoVivo(previo))),
    },
    recargar,
    intervalMs,
  );
}
