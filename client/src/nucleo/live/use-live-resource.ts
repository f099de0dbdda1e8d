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
  /** The device's copy of the last answer (the patient's app, decision 183): shown at once, before
   * the server answers, and written again after each answer and each change. */
  copia?: CopiaLocal<T>;
}

export interface CopiaLocal<T> {
  leer: () => T | undefined;
  guardar: (valor: T) => void;
}

interface RecursoVivo<T> {
  data: T | undefined;
  error: unknown;
  /** The first load since the deps changed is on its way. */
  cargando: boolean;
  /** Any load is on its way (a reload too). */
  recargando: boolean;
  /** What is shown came from the device's copy, not from the server since the screen opened. */
  guardado: boolean;
  /** Loads again; settles when this load's answer was applied (or failed, or was superseded). */
  recargar: () => Promise<void>;
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
  copia,
}: OpcionesRecursoVivo<T>): RecursoVivo<T> {
  const [data, setDataReact] = useState<T | undefined>(() => copia?.leer());
  const [guardado, setGuardado] = useState(() => data !== undefined);
  const [error, setError] = useState<unknown>(null);
  const [cargando, setCargando] = useState(enabled);
  const [recargando, setRecargando] = useState(enabled);
  const refs = useRef({ fetch, copia });
  refs.current = { fetch, copia };
  const actual = useRef<{ control: AbortController; cambios: React.SetStateAction<T | undefined>[] } | null>(null);

  /** Shows a value and keeps the device's copy of it. */
  const mostrar = useCallback((cambio: React.SetStateAction<T | undefined>) => {
    setDataReact((previo) => {
      const x = aplicar(previo, cambio);
      if (x !== undefined) refs.current.copia?.guardar(x);
      return x;
    });
  }, []);

  const setData = useCallback(
    (cambio: React.SetStateAction<T | undefined>) => {
      actual.current?.cambios.push(cambio);
      mostrar(cambio);
    },
    [mostrar],
  );

  const recargar = useCallback(() => {
    actual.current?.control.abort();
    const carga = { control: new AbortController(), cambios: [] as React.SetStateAction<T | undefined>[] };
    actual.current = carga;
    const { control } = carga;
    setRecargando(true);
    return refs.current
      .fetch(control.signal)
      .then((valor) => {
        if (control.signal.aborted) return;
        // Changes made while this load was on its way (a live event, the user's own answer): the
        // server may have read before them, so they are applied again over its answer (decision 240).
        mostrar(reaplicar<T>(valor, carga.cambios));
        setGuardado(false);
        setError(null);
      })
      .catch((e: unknown) => {
        if (control.signal.aborted) return;
        setError(e);
      })
      .finally(() => {
        if (!control.signal.aborted) {
          setCargando(false);
          setRecargando(false);
        }
        if (actual.current === carga) actual.current = null;
      });
  }, [mostrar]);

  useCicloVivo(recargar, {
    enabled,
    vigilar,
    intervalMs,
    deps,
    // Another resource (new deps): what was shown belongs to the previous one.
    alReiniciar: () => {
      const guardada = refs.current.copia?.leer();
      setDataReact(guardada);
      setGuardado(guardada !== undefined);
      setError(null);
    },
    alSalir: () => {
      actual.current?.control.abort();
      actual.current = null;
    },
    setCargando: (c) => {
      setCargando(c);
      setRecargando(c);
    },
  });

  return { data, error, cargando, recargando, guardado, recargar, setData };
}

export type Cambio<T> = T | undefined | ((d: T | undefined) => T | undefined);

function aplicar<T>(previo: T | undefined, cambio: Cambio<T>): T | undefined {
  return typeof cambio === 'function' ? (cambio as (d: T | undefined) => T | undefined)(previo) : cambio;
}

/** A load's answer with the changes made while it was on its way applied again over it, in order
 * (decision 240): the server may have read before them. */
export function reaplicar<T>(respuesta: T | undefined, cambiosDuranteCarga: readonly Cambio<T>[]): T | undefined {
  let x = respuesta;
  for (const c of cambiosDuranteCarga) x = aplicar(x, c);
  return x;
}
