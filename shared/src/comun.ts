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

// Characters a reader cannot see but that change what is shown or how it is read (decision 331):
// C0 and C1 controls other than tab, line feed, carriage return and NUL (NUL is refused by
// `caracteresValidos`); the soft hyphen; the direction marks, embeddings, overrides and isolates
// (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069); zero-width spaces and joiners, the word joiner and
// the invisible operators (U+200B–U+200D, U+2060–U+2064); the deprecated format characters
// (U+206A–U+206F); the byte-order mark (U+FEFF); blank fillers (Hangul, Khmer, Mongolian); the
// interlinear annotation marks; and the tag characters. Two uses stay, as emoji need them: a
// zero-width joiner between two pictographs (a family, a rainbow flag) and tags after a black flag (the flags of
// England, Scotland, Wales). Written as escapes: the source must not contain them either.
const INVISIBLES = String.raw`[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?)\u200d|\u200d(?!\p{Extended_Pictographic})|(?<!\u{1f3f4}[\u{e0020}-\u{e007e}]*)[\u{e0000}-\u{e007f}]`;
const INVISIBLE = new RegExp(INVISIBLES, 'u');
const INVISIBLES_TODOS = new RegExp(INVISIBLES, 'gu');

/** Whether a text holds a character of that set. */
export const tieneInvisibles = (s: string) => INVISIBLE.test(s);
/** The text without them: what prose that another person reads keeps (decision 331). */
export const quitarInvisibles = (s: string) => s.replace(INVISIBLES_TODOS, '');
/** The same as a valibot step, before the trim and the length checks (so a text of only invisible
 * characters is empty). */
export const sinInvisibles = v.transform(quitarInvisibles);
/** For a nullable field: null stays null. */
export const sinInvisiblesNulable = v.transform((s: string | null | undefined) => (typeof s === 'string' ? quitarInvisibles(s) : s));

// Line breaks and tabs: a name or a title is one line.
const SALTO_O_TAB = /[\t\n\r]/;

/** Text for a name or a title: storable (above), one line, and without the invisible characters —
 * refused, not stripped, because a name that displays as another is what they make (decision 331). */
export const textoDeNombre = (s: string) => caracteresValidos(s) && !SALTO_O_TAB.test(s) && !tieneInvisibles(s);

/** The client id of a request that creates a record (decision 313): made by the form when it opens
 * and sent again by a retry, which then answers the record already stored instead of a second one.
 * Optional (null when absent), 8–64 characters of A–Z, a–z, 0–9, '-' and '_'. */
export const ID_CLIENTE = /^[A-Za-z0-9_-]{8,64}$/;
export const idClienteOpcional = (msg: string) => v.optional(v.nullable(v.pipe(v.string(msg), v.regex(ID_CLIENTE, msg))), null);
