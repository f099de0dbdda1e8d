// Pieces every domain's schemas share: ids and the text checks. No domain imports another for these.
import * as v from 'valibot';

/** An answer that is only a message (a deletion, a logout, a registration). */
export const MsgRespuesta = v.object({ msg: v.string() });

/** Largest id of an int4 column. */
const ID_MAX = 2_147_483_647;
export const esId = (x: number) => Number.isInteger(x) && x >= 1 && x <= ID_MAX;

/** An id given as a number or a string of digits (bodies and forms). */
export const idEntero = (msg: string) =>
  v.pipe(v.union([v.number(msg), v.pipe(v.string(msg), v.regex(/^\d+$/, msg))], msg), v.transform(Number), v.check(esId, msg));

/** A path id: up to nine digits, read as a number. */
export const idEnRuta = (msg: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, msg), v.transform(Number));

const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A text's length in characters as every limit of ours counts it and every counter shows it: code
 * points, so that an emoji counts once, as in the database checks (decisions 055, 163). */
export const longitudTexto = (s: string) => [...s].length;

/** Text PostgreSQL can store and any screen can show: no NUL and no lone UTF-16 surrogate. */
export const caracteresValidos = (s: string) => !s.includes('\u0000') && !SUSTITUTO_SUELTO.test(s);

// C0 and C1 controls (tab and line breaks included: a name or a title is one line) and the
// invisible direction marks and overrides that make a name display as another text (U+200E/F,
// U+202A–U+202E, U+2066–U+2069). Written as escapes: the source must not contain them either.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_O_DIRECCION = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Text for a name or a title: storable (above) and without control or bidirectional characters. */
export const textoDeNombre = (s: string) => caracteresValidos(s) && !CONTROL_O_DIRECCION.test(s);

/** The client id of a request that creates a record (decision 313): made by the form when it opens
 * and sent again by a retry, which then answers the record already stored instead of a second one.
 * Optional (null when absent), 8–64 characters of A–Z, a–z, 0–9, '-' and '_'. */
export const ID_CLIENTE = /^[A-Za-z0-9_-]{8,64}$/;
export const idClienteOpcional = (msg: string) => v.optional(v.nullable(v.pipe(v.string(msg), v.regex(ID_CLIENTE, msg))), null);
