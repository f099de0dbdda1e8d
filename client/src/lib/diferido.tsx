import { type ReactNode, Suspense, useRef } from 'react';

/** True from the first render where `necesario` was true, for the life of the component. */
function useUnaVez(necesario: boolean): boolean {
  const visto = useRef(false);
  if (necesario) visto.current = true;
  return visto.current;
}

/**
 * Renders its children (a `lazy()` dialog) from the first time `abierto` is true, then keeps them
 * mounted so that closing animations and state behave as if they had always been there; until then,
 * nothing, so their code is not fetched. Keeps dialogs, their form controls and Radix's focus and
 * scroll locks out of a screen's first load.
 */
export function AlAbrir({ abierto, children }: { abierto: boolean; children: ReactNode }) {
  const montado = useUnaVez(abierto);
  return montado ? <Suspense fallback={null}>{children}</Suspense> : null;
}
