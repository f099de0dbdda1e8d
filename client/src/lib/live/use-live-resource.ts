import { POLL_MS } from '@miduelo/shared/constants';
import { type DependencyList, useCallback, useRef, useState } from 'react';
import { useCicloVivo } from './use-ciclo-vivo';

interface OpcionesRecursoVivo<T> {
  /** Loads the resource; receives a signal that aborts when a newer load starts or on unmount. */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** Poll interval while the socket is down (30 s, the spec's interval). */
  intervalMs?: number;
  enabled?: boolean;
  /** False for what does not change while the screen is open (public configuration, the check of
   * who is signed in): loaded once per deps, not polled nor reloaded on reconnect. */
  vigilar?: boolean;
  /** Reload from scratch when any of these change (e.g. the selected chat id). */
  deps?: DependencyList;
}

interface RecursoVivo<T> {
  data: T | undefined;
  error: unknown;
  cargando: boolean;
  recargar: () => void;
  /** Local updates, e.g. applying a socket event to the loaded list. */
  setData: React.Dispatch<React.SetStateAction<T | undefined>>;
}

/**
 * Loads a resource, polls it while the socket is disconnected and resyncs on reconnect.
 * Screens apply live socket events through `setData`.
 */
export function useLiveResource<T>({
  fetch,
  intervalMs = POLL_MS,
  enabled = true,
  vigilar = true,
  deps = [],
}: OpcionesRecursoVivo<T>): RecursoVivo<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [cargando, setCargando] = useState(enabled);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const actual = useRef<AbortController | null>(null);

  const recargar = useCallback(() => {
    actual.current?.abort();
    const control = new AbortController();
    actual.current = control;
    fetchRef
      .current(control.signal)
      .then((valor) => {
        if (control.signal.aborted) return;
        setData(valor);
        setError(null);
      })
      .catch((e: unknown) => {
        if (control.signal.aborted) return;
        setError(e);
      })
      .finally(() => {
        if (!control.signal.aborted) setCargando(false);
      });
  }, []);

  useCicloVivo(recargar, {
    enabled,
    vigilar,
    intervalMs,
    deps,
    // Another resource (new deps): what was shown belongs to the previous one.
    alReiniciar: () => {
      setData(undefined);
      setError(null);
    },
    alSalir: () => actual.current?.abort(),
    setCargando,
  });

  return { data, error, cargando, recargar, setData };
}
