// Decision 313: the client id a form sends with a create, so that a retry after a lost answer
// stores nothing twice. The id names one content: the same content again (a retry) keeps its id, and
// the server answers the record already stored; changed content gets a new id, so the change is
// stored as a record of its own instead of being answered with the first one (the server refuses a
// known id with other content: 409 ID_CLIENTE_DISTINTO). Nothing she typed is lost silently.
import { useEffect, useMemo, useRef } from 'react';
import { nuevoIdCliente } from './live/optimista';

/** The ids of one opening of a form, one per content sent (compared as JSON.stringify): `idPara`
 * answers the id an earlier attempt sent with this same content, or a new one. */
export function idsPorContenido(nuevo: () => string = nuevoIdCliente): { idPara(contenido: unknown): string } {
  const porContenido = new Map<string, string>();
  return {
    idPara(contenido) {
      const clave = JSON.stringify(contenido) ?? 'undefined';
      let id = porContenido.get(clave);
      if (id === undefined) {
        id = nuevo();
        porContenido.set(clave, id);
      }
      return id;
    },
  };
}

export interface IdCliente {
  /** The id to send with this payload: the one of an earlier attempt of this opening with the same
   * payload (its answer was lost: the server may hold it), or a new one when it differs. */
  idPara(payload: unknown): string;
  /** Forgets this opening's ids: the next save gets a new one whatever it carries (after the server
   * answered ID_CLIENTE_DISTINTO, so that saving again stores it). */
  renovar(): void;
}

/**
 * The client ids of a form (decision 313): at each save, `idPara(payload)` gives the id to send.
 * `apertura` names the opening (the dialog's `abierto`, the test it applies): when it changes, the
 * ids start over, since a new opening is a new record. The object is the same in every render.
 */
export function useIdCliente(apertura: unknown): IdCliente {
  const ids = useRef<ReturnType<typeof idsPorContenido> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids start over when the opening changes
  useEffect(
    () => () => {
      ids.current = null;
    },
    [apertura],
  );
  return useMemo(
    () => ({
      idPara: (payload) => {
        ids.current ??= idsPorContenido();
        return ids.current.idPara(payload);
      },
      renovar: () => {
        ids.current = null;
      },
    }),
    [],
  );
}
