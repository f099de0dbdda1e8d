// Pieces every domain's schemas share: ids and the text checks. No domain imports another for these.
import * as v from 'valibot';

/** Largest id of an int4 column. */
export const ID_MAX = 2_147_483_647;
export const esId = (x: number) => Number.isInteger(x) && x >= 1 && x <= ID_MAX;

/** An id given as a number or a string of digits (bodies and forms). */
export const idEntero = (msg: string) =>
  v.pipe(v.union([v.number(msg), v.pipe(v.string(msg), v.regex(/^\d+$/, msg))], msg), v.transform(Number), v.check(esId, msg));

/** A path id: up to nine digits, read as a number. */
export const idEnRuta = (msg: string) => v.pipe(v.string(), v.regex(/^\d{1,9}$/, msg), v.transform(Number));

const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL can store and any screen can show: no NUL and no lone UTF-16 surrogate. */
export const caracteresValidos = (s: string) => !s.includes('\u0000') && !SUSTITUTO_SUELTO.test(s);
