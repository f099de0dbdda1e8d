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
  /** Local updates, e.g. applying a socket event to the loaded list. One made while a load is on
   * its way is applied again over that load's answer, which the server may have read before it. */
  setData: React.Dispatch<React.SetStateAction<T | undefined>>;
}

/**
 * Loads a resource, polls it while the socket is disconnected and resyncs on reconnect.
 * Screens apply live socket events through `setData`; those made while a load is in flight are
 * replayed over its answer (as `useListaViva` does with its changes; decision 240).
 */
export function useLiveResource<T>({
  fetch,
  intervalMs = POLL_MS,
  enabled = true,
  vigilar = true,
  deps = [],
}: OpcionesRecursoVivo<T>): RecursoVivo<T> {
  const [data, setDataReact] = useState<T>();
  const [error, setError] = useState<unknown>(null);
  const [cargando, setCargando] = useState(enabled);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const actual = useRef<{ control: AbortController; cambios: React.SetStateAction<T | undefined>[] } | null>(null);

  const setData = useCallback((cambio: React.SetStateAction<T | undefined>) => {
    actual.current?.cambios.push(cambio);
    setDataReact(cambio);
  }, []);

  const recargar = useCallback(() => {
    actual.current?.control.abort();
    const carga = { control: new AbortController(), cambios: [] as React.SetStateAction<T | undefined>[] };
    actual.current = carga;
    const { control } = carga;
    fetchRef
      .current(control.signal)
      .then((valor) => {
        if (control.signal.aborted) return;
        let x: T | undefined = valor;
        for (const c of carga.cambios) x = typeof c === 'function' ? (c as (d: T | undefined) => T | undefined)(x) : c;
        setDataReact(x);
        setError(null);
      })
      .catch((e: unknown) => {
        if (control.signal.aborted) return;
        setError(e);
      })
      .finally(() => {
        if (!control.signal.aborted) setCargando(false);
        if (actual.current === carga) actual.current = null;
      });
  }, []);

  useCicloVivo(recargar, {
    enabled,
    vigilar,
    intervalMs,
    deps,
    // Another resource (new deps): what was shown belongs to the previous one.
    alReiniciar: () => {
      setDataReact(undefined);
      setError(null);
    },
    alSalir: () => {
      actual.current?.control.abort();
      actual.current = null;
    },
    setCargando,
  });

  return { data, error, cargando, recargar, setData };
}
