// The client id of a create (decision 313): made when a form opens and sent by every attempt of it,
// so that a retry after an answer that never arrived answers what is stored instead of a second copy.

/** 32 hex characters (the server takes 8–64 of [A-Za-z0-9_-]). */
export function nuevoIdCliente(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** A form's client id and what its last attempt sent (decision 313). The id is kept only while what
 * would be sent is unchanged: a save after the patient changed the form is another request — with
 * the same id the server would refuse it (409 ID_CLIENTE_DISTINTO), or, had the first answer been
 * lost, the change would be lost with it. */
export interface IdDeEnvio {
  id: string;
  /** What the last attempt sent with `id` (any stable text of it), or null before the first. */
  enviado: string | null;
}

export function nuevoIdDeEnvio(id: string = nuevoIdCliente(), enviado: string | null = null): IdDeEnvio {
  return { id, enviado };
}

/** The id for an attempt that sends `contenido`: the same as the last attempt's when it sent the
 * same, else a new one. */
export function idParaEnviar(e: IdDeEnvio, contenido: string): string {
  if (e.enviado !== null && e.enviado !== contenido) e.id = nuevoIdCliente();
  e.enviado = contenido;
  return e.id;
}

/** After a save, or a refusal of the id: the next attempt is a new request. */
export function renovarIdDeEnvio(e: IdDeEnvio): void {
  e.id = nuevoIdCliente();
  e.enviado = null;
}

/** The server's answer to an id already stored with other content. */
export const ID_CLIENTE_DISTINTO = 'ID_CLIENTE_DISTINTO';
