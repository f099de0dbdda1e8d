// What the patient felt, encrypted at rest (decision 335): the emotion and its intensity, each
// padded before encryption so that its length does not tell which of the eleven emotions (or of
// 1–10) it is, and the note (decision 126). The entry's date stays plain: it selects the month's
// shared entries and orders them, and says no more than the row's creation time already does.
import type { Cifrador } from '../../comun/cifrado';
import { rellenar, sinRelleno } from '../../comun/relleno';
import type { ColumnaCifrada } from '../../db/cifrar-pendientes';

export const COLUMNA_NOTA = 'diario_emocion.nota';
export const COLUMNA_EMOCION = 'diario_emocion.emocion';
export const COLUMNA_INTENSIDAD = 'diario_emocion.intensidad';
/** Bytes: the longest emotion ('Esperanza', 'Nostalgia', 'Alegría') fits in 16. */
const RELLENO_EMOCION = 16;
const RELLENO_INTENSIDAD = 4;

export const COLUMNAS_DIARIO: ColumnaCifrada[] = [
  { tabla: 'diario_emocion', clave: 'id_entrada', columna: 'nota' },
  { tabla: 'diario_emocion', clave: 'id_entrada', columna: 'emocion', relleno: RELLENO_EMOCION },
  { tabla: 'diario_emocion', clave: 'id_entrada', columna: 'intensidad', relleno: RELLENO_INTENSIDAD },
];

/** The three values as stored. */
export function cifrarEntrada(cif: Cifrador, e: { emocion: string; intensidad: number; nota: string | null }) {
  return {
    emocion: cif.cifrar(rellenar(e.emocion, RELLENO_EMOCION), COLUMNA_EMOCION),
    intensidad: cif.cifrar(rellenar(String(e.intensidad), RELLENO_INTENSIDAD), COLUMNA_INTENSIDAD),
    nota: e.nota === null ? null : cif.cifrar(e.nota, COLUMNA_NOTA),
  };
}

/** The three values as the patient wrote them. */
export function leerEntrada(cif: Cifrador, f: { emocion: string; intensidad: string; nota: string | null }) {
  return {
    emocion: sinRelleno(cif.leer(f.emocion, COLUMNA_EMOCION)),
    intensidad: Number(sinRelleno(cif.leer(f.intensidad, COLUMNA_INTENSIDAD))),
    nota: f.nota === null ? null : cif.leer(f.nota, COLUMNA_NOTA),
  };
}
