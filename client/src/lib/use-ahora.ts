import { useEffect, useState } from 'react';

/** The current time, refreshed every `cadaMs`: relative times ('5m', 'Ahora') stay true on screen. */
export function useAhora(cadaMs = 30_000): Date {
  const [ahora, setAhora] = useState(() => new Date());
  useEffect(() => {
    const t = window.setInterval(() => setAhora(new Date()), cadaMs);
    return () => window.clearInterval(t);
  }, [cadaMs]);
  return ahora;
}
