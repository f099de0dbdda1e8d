// Anti-forgery token (ARCHITECTURE.md, Accounts and sessions): the server sets the XSRF-TOKEN
// cookie and every state-changing browser request echoes it in X-XSRF-TOKEN.

const COOKIE = 'XSRF-TOKEN';
export const CABECERA_XSRF = 'X-XSRF-TOKEN';

export function leerCookieXsrf(): string | null {
  for (const parte of document.cookie.split(';')) {
    const [nombre, ...resto] = parte.trim().split('=');
    if (nombre === COOKIE) return decodeURIComponent(resto.join('='));
  }
  return null;
}

let pendiente: Promise<void> | null = null;

/** Makes sure the cookie exists, asking the server for it once when it does not. */
export async function asegurarXsrf(forzar = false): Promise<string | null> {
  if (!forzar) {
    const actual = leerCookieXsrf();
    if (actual) return actual;
  }
  if (!pendiente) {
    pendiente = fetch('/api/xsrf', { credentials: 'same-origin' })
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        pendiente = null;
      });
  }
  await pendiente;
  return leerCookieXsrf();
}

export function esMetodoSeguro(metodo: string): boolean {
  const m = metodo.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'OPTIONS';
}
