// What the forum screens of the patient's app share beside their requests (api/foros.ts): where
// they live and how a date reads.

export const RUTA_FOROS = '/foros';

/** "23 nov, 14:05" in the clinic's zone. */
export function fechaCorta(iso: string, zona: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    timeZone: zona,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}
