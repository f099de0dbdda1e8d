// The fallback of ARCHITECTURE.md (Real time), independent of Socket.IO so that it can be tested:
// while the connection is not up, `recargar` runs every `intervalMs` (30 s, POLL_MS); each time the
// connection comes back it runs once, so nothing emitted while it was down is missed.

export type EstadoConexion = 'conectado' | 'desconectado' | 'conectando';

interface FuenteConexion {
  actual: () => EstadoConexion;
  /** Calls back on every change of state; returns what stops listening. */
  suscribir: (cambio: (estado: EstadoConexion, previo: EstadoConexion) => void) => () => void;
}

export function vigilarConexion(fuente: FuenteConexion, recargar: () => void, intervalMs: number): () => void {
  let sondeo: ReturnType<typeof setInterval> | undefined;
  const ajustar = (estado: EstadoConexion) => {
    if (estado === 'conectado') {
      clearInterval(sondeo);
      sondeo = undefined;
    } else if (sondeo === undefined) {
      sondeo = setInterval(recargar, intervalMs);
    }
  };
  ajustar(fuente.actual());
  const dejar = fuente.suscribir((estado, previo) => {
    if (estado === previo) return;
    if (estado === 'conectado') recargar();
    ajustar(estado);
  });
  return () => {
    dejar();
    clearInterval(sondeo);
    sondeo = undefined;
  };
}
