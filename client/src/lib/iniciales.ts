/** Up to two capital initials of a name, for an avatar ("Ana", "López" → "AL"). Its own module: the
 * header shows them on every page, and lib/format.ts would bring dayjs into the first load. */
export function iniciales(...partes: (string | null | undefined)[]): string {
  return partes
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim()[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
}
