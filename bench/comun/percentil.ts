/** The p-th percentile (nearest rank) of values sorted ascending; NaN when there are none. */
export function percentil(ordenadas: number[], p: number): number {
  if (ordenadas.length === 0) return Number.NaN;
  return ordenadas[Math.min(ordenadas.length - 1, Math.ceil((p / 100) * ordenadas.length) - 1)];
}
