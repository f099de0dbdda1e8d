// The clinic's time zone (TZ_CLINICA on the server): the screens judge "today" and past hours in it,
// exactly as the server does. Read once from /api/config-publica before the first render; until then,
// or if the server cannot be reached, the default zone of the product.
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';

let zona = ZONA_CLINICA_DEFECTO;

export const zonaClinica = () => zona;

function zonaValida(z: unknown): z is string {
  if (typeof z !== 'string' || !z) return false;
  try {
    new Intl.DateTimeFormat('es-MX', { timeZone: z });
    return true;
  } catch {
    return false;
  }
}

/** Loads the zone (at most `esperaMs`; a slow answer still applies when it arrives). */
export async function cargarZonaClinica(esperaMs = 2_000): Promise<void> {
  const carga = fetch('/api/config-publica', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then((c: { zonaClinica?: unknown } | null) => {
      if (zonaValida(c?.zonaClinica)) zona = c.zonaClinica;
    })
    .catch(() => {});
  await Promise.race([carga, new Promise((r) => setTimeout(r, esperaMs))]);
}
