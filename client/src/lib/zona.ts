// The clinic's time zone (TZ_CLINICA on the server): the screens judge "today" and past hours in it,
// exactly as the server does. The server writes it into index.html (a meta tag), so it is known before
// the first render without a request; where the page did not come from our server (Vite's dev server)
// it is fetched from /api/config-publica after the first render. Until then, or if the server cannot
// be reached, the default zone of the product.
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';

/** Name of the meta tag written by the server (server/src/plugins/cliente.ts, META_ZONA). */
const META_ZONA = 'miduelo-zona-clinica';

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

/** Reads the zone the page carries. Returns false when the page has none (ask the server then). */
export function leerZonaDeLaPagina(): boolean {
  const z = document.querySelector<HTMLMetaElement>(`meta[name="${META_ZONA}"]`)?.content;
  if (!zonaValida(z)) return false;
  zona = z;
  return true;
}

/** Loads the zone from the server (at most `esperaMs`; a slow answer still applies when it arrives). */
export async function cargarZonaClinica(esperaMs = 2_000): Promise<void> {
  const carga = fetch('/api/config-publica', { headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then((c: { zonaClinica?: unknown } | null) => {
      if (zonaValida(c?.zonaClinica)) zona = c.zonaClinica;
    })
    .catch(() => {});
  await Promise.race([carga, new Promise((r) => setTimeout(r, esperaMs))]);
}
