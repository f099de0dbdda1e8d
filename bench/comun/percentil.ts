/** The p-th percentile (nearest rank) of values sorted ascending; NaN when there are none. */
export function percentil(ordenadas: number[], p: number): number {
  if (ordenadas.length === 0) return Number.NaN;
  return ordenadas[Math.min(ordenadas.length - 1, Math.ceil((p / 100) * ordenadas.length) - 1)];
}

/** The median of unsorted values (the mean of the middle two when their count is even). */
export function mediana(xs: number[]): number {
  const o = [...xs].sort((a, b) => a - b);
  return o.length % 2 ? o[(o.length - 1) / 2] : (o[o.length / 2 - 1] + o[o.length / 2]) / 2;
}
