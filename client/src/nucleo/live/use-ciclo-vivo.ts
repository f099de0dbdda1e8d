import { type DependencyList, useEffect, useRef } from 'react';
import { vigilarRecurso } from './vigilar-socket';

interface CicloVivo {
  enabled: boolean;
  /** False: load once per deps, never polled nor reloaded on reconnect. */
  vigilar: boolean;
  intervalMs: number;
  deps: DependencyList;
  /** Forget what the previous deps loaded. */
  alReiniciar: () => void;
  /** Abort the load in flight (unmount, or new deps). */
  alSalir: () => void;
  setCargando: (cargando: boolean) => void;
}

/**
 * The lifecycle both live hooks share: whenever the deps change (and on mount) start from scratch,
 * load, and keep loading on reconnect and every `intervalMs` while the socket is down; on unmount
 * or change, stop watching and abort what is in flight.
 */
export function useCicloVivo(recargar: () => void, ciclo: CicloVivo): void {
  const ref = useRef(ciclo);
  ref.current = ciclo;
  const { enabled, vigilar, intervalMs, deps } = ciclo;
  useEffect(() => {
    ref.current.alReiniciar();
    if (!enabled) {
      ref.current.setCargando(false);
      return;
    }
    ref.current.setCargando(true);
    recargar();
    const dejar = vigilar ? vigilarRecurso(recargar, intervalMs) : undefined;
    return () => {
      dejar?.();
      ref.current.alSalir();
    };
  }, [enabled, vigilar, intervalMs, recargar, ...deps]);
}
