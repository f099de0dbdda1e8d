import { useEffect, useRef } from 'react';
import { vigilarRecurso } from './vigilar-socket';

/** Calls `f` on every (re)connection of the socket, when the browser comes back online, and every
 * 30 s while the connection is down (decision 037's fallback): a screen that missed events catches
 * up. For a screen whose own loads are not a live hook of the core (a forum post waiting to leave). */
export function useAlDia(f: () => void): void {
  const ref = useRef(f);
  ref.current = f;
  useEffect(() => vigilarRecurso(() => ref.current()), []);
}
