// What both apps do alike with a stored session (decision 314): read a token's claims, tell whether
// it expired, read and write the stored copy, follow changes made by another tab. Each app keeps its
// own key and what it stores under it (the web: the token; the app: token, patient and consents).

/** The claims of a JWT, read without checking the signature (the server's business): the client
 * only routes and greets with them. Null when it is not a JWT. */
export function claimsDeJwt(token: string): Record<string, unknown> | null {
  try {
    const partes = token.split('.');
    if (partes.length !== 3) return null;
    const base64 = partes[1]
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(partes[1].length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const datos: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return datos !== null && typeof datos === 'object' ? (datos as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A token's expiry (`exp`, seconds since the epoch); 0 when it has none. */
export const expDeToken = (token: string): number => {
  const exp = claimsDeJwt(token)?.exp;
  return typeof exp === 'number' ? exp : 0;
};

/** Whether an expiry (seconds since the epoch) has passed. */
export const vencida = (exp: number, ahora = Date.now()): boolean => exp * 1000 <= ahora;

/** The stored text under `clave`, or null (also when storage is unavailable). */
export function leerAlmacen(clave: string): string | null {
  try {
    return localStorage.getItem(clave);
  } catch {
    return null;
  }
}

/** The stored JSON under `clave`, or undefined when absent or unreadable. */
export function leerJson<T>(clave: string): T | undefined {
  const texto = leerAlmacen(clave);
  if (texto === null) return undefined;
  try {
    return JSON.parse(texto) as T;
  } catch {
    return undefined;
  }
}

/** Stores `valor` as JSON; a full or unavailable storage only loses the copy. */
export function guardarJson(clave: string, valor: unknown): void {
  try {
    localStorage.setItem(clave, JSON.stringify(valor));
  } catch {
    // Nothing else to do: what is shown stays in memory.
  }
}

/** Calls back when another tab changes `clave` (or clears the storage). Returns what stops it. */
export function seguirOtrasPestanas(clave: string, cambio: () => void): () => void {
  const f = (e: StorageEvent) => {
    if (e.key === clave || e.key === null) cambio();
  };
  window.addEventListener('storage', f);
  return () => window.removeEventListener('storage', f);
}
