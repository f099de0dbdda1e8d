// Decision 313: the client id a form sends with a create, so that a retry after a lost answer
// stores nothing twice. The id names one content: the same content again (a retry) keeps its id, and
// the server answers the record already stored; changed content gets a new id, so the change is
// stored as a record of its own instead of being answered with the first one (the server refuses a
// known id with other content: 409 ID_CLIENTE_DISTINTO). Nothing she typed is lost silently.
import { useEffect, useMemo, useRef } from 'react';
import { ApiError } from './http';
import { nuevoIdCliente } from './live/optimista';

export interface IdCliente {
  /** The id to send with this payload: the one of an earlier attempt of this opening with the same
   * payload (its answer was lost: the server may hold it), or a new one when it differs. */
  idPara(payload: unknown): string;
  /** Forgets this opening's ids: the next save gets a new one whatever it carries (after the server
   * answered ID_CLIENTE_DISTINTO, so that saving again stores it). */
  renovar(): void;
}

/** The server's answer to a known id sent with other content (409). */
export const ID_CLIENTE_DISTINTO = 'ID_CLIENTE_DISTINTO';

/**
 * The ids of one opening of a form, one per content sent (compared as JSON.stringify): `idPara`
 * answers the id an earlier attempt sent with this same content, or a new one. `inicial`: an id
 * already sent, kept on the device with what it carried (the patient's diary entry that waited for
 * the connection): the same content keeps it; without `contenido`, the first content sent takes it.
 * One id format for both apps: 22 characters of base64url (`nuevoIdCliente`).
 */
export function idsPorContenido(o: { nuevo?: () => string; inicial?: { id: string; contenido?: unknown } } = {}): IdCliente {
  const nuevo = o.nuevo ?? nuevoIdCliente;
  const clave = (contenido: unknown) => JSON.stringify(contenido) ?? 'undefined';
  let porContenido = new Map<string, string>();
  let inicial = o.inicial;
  if (inicial && inicial.contenido !== undefined) porContenido.set(clave(inicial.contenido), inicial.id);
  return {
    idPara(contenido) {
      const k = clave(contenido);
      let id = porContenido.get(k);
      if (id === undefined) {
        id = inicial && inicial.contenido === undefined ? inicial.id : nuevo();
        inicial = undefined;
        porContenido.set(k, id);
      }
      return id;
    },
    renovar() {
      porContenido = new Map();
      inicial = undefined;
    },
  };
}

/** After a refused save: a 409 ID_CLIENTE_DISTINTO means the next save must be a new request. */
export function renovarSiDistinto(ids: IdCliente, error: unknown): void {
  if (error instanceof ApiError && error.code === ID_CLIENTE_DISTINTO) ids.renovar();
}

/**
 * The client ids of a form (decision 313): at each save, `idPara(payload)` gives the id to send.
 * `apertura` names the opening (the dialog's `abierto`, the test it applies): when it changes, the
 * ids start over, since a new opening is a new record. The object is the same in every render.
 */
export function useIdCliente(apertura: unknown): IdCliente {
  const ids = useRef<IdCliente | null>(null);
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
