// AES-GCM keeps the length of what it encrypts: a value drawn from a short list (a band's text, an
// emotion, 'true'/'false', a score's digits) would be told by its ciphertext's length alone. Such
// values are padded with spaces to a whole number of blocks of UTF-8 bytes before they are
// encrypted, and the padding is taken off when read (decision 335). None of them ends in a space.

/** `texto` followed by spaces up to the next multiple of `bloque` bytes (at least one block). */
export function rellenar(texto: string, bloque: number): string {
  const n = Buffer.byteLength(texto);
  const meta = Math.max(bloque, Math.ceil(n / bloque) * bloque);
  return n === meta ? texto : texto + ' '.repeat(meta - n);
}

/** The value without its padding. */
export function sinRelleno(texto: string): string {
  return texto.trimEnd();
}
