// The client id of a create (decision 313): made when a form opens and sent by every attempt of it,
// so that a retry after an answer that never arrived answers what is stored instead of a second copy.

/** 32 hex characters (the server takes 8–64 of [A-Za-z0-9_-]). */
export function nuevoIdCliente(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}
