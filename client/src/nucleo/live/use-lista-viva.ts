import { POLL_MS } from '@miduelo/shared/constants';
import { type DependencyList, useCallback, useRef, useState } from 'react';
import { aplicarCambio, type CambioLista, fusionarRespuesta, type ListaViva, listaVacia, type OpcionesLista } from './lista';
import { useCicloVivo } from './use-ciclo-vivo';

interface OpcionesListaViva<T> extends OpcionesLista<T> {
  /** Loads the list; the signal aborts when a newer load starts or on unmount. */
  cargar: (signal: AbortSignal) => Promise<T[]>;
  /** Start again from an empty list when any of these change (e.g. the shown week). */
  deps?: DependencyList;
  enabled?: boolean;
  intervalMs?: number;
  /** A failed load; `silenciosa` is a background resync (poll or reconnect) over a shown list. */
  alFallar?: (error: unknown, silenciosa: boolean) => void;
}

interface ListaVivaHook<T> {
  items: T[];
  cargando: boolean;
  /** The last load failed (the list keeps what it showed). */
  error: unknown;
  /** Loaded at least once since the deps last changed. */
  cargada: boolean;
  recargar: () => void;
  /** Applies a change: a validated socket event or this tab's own answer from the server. */
  aplicar: (cambio: CambioLista<T>) => void;
}

/**
 * A live list on a screen: loaded over HTTP, patched by id with socket events and the screen's own
 * answers, polled every 30 s while the socket is down and reloaded when it reconnects. Changes that
 * arrive while a load is in flight are replayed over its answer.
 */
export function useListaViva<T>({
  cargar,
  deps = [],
  enabled = true,
  intervalMs = POLL_MS,
  alFallar,
  ...opciones
}: OpcionesListaViva<T>): ListaVivaHook<T> {
  const [lista, setLista] = useState<ListaViva<T>>(listaVacia);
  const [cargando, setCargando] = useState(enabled);
  const [cargada, setCargada] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const refs = useRef({ cargar, opciones, alFallar });
  refs.current = { cargar, opciones, alFallar };
  const enCurso = useRef<{ control: AbortController; cambios: CambioLista<T>[] } | null>(null);
  const cargadaRef = useRef(false);

  const aplicar = useCallback((cambio: CambioLista<T>) => {
    enCurso.current?.cambios.push(cambio);
    setLista((l) => aplicarCambio(l, cambio, refs.current.opciones));
  }, []);

  const recargar = useCallback(() => {
    enCurso.current?.control.abort();
    const carga = { control: new AbortController(), cambios: [] as CambioLista<T>[] };
    enCurso.current = carga;
    const silenciosa = cargadaRef.current;
    refs.current
      .cargar(carga.control.signal)
      .then((respuesta) => {
        if (carga.control.signal.aborted) return;
        setLista((l) => fusionarRespuesta(l, respuesta, carga.cambios, refs.current.opciones));
        cargadaRef.current = true;
        setCargada(true);
        setError(null);
      })
      .catch((e: unknown) => {
        if (carga.control.signal.aborted) return;
        setError(e);
        refs.current.alFallar?.(e, silenciosa);
      })
      .finally(() => {
        if (!carga.control.signal.aborted) setCargando(false);
        if (enCurso.current === carga) enCurso.current = null;
      });
  }, []);

  useCicloVivo(recargar, {
    enabled,
    vigilar: true,
    intervalMs,
    deps,
    alReiniciar: () => {
      setLista(listaVacia());
      cargadaRef.current = false;
      setCargada(false);
      setError(null);
    },
    alSalir: () => {
      enCurso.current?.control.abort();
      enCurso.current = null;
    },
    setCargando,
  });

  return { items: lista.items, cargando, error, cargada, recargar, aplicar };
}
