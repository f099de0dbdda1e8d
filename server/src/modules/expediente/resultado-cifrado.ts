// A test's result encrypted at rest (decision 335): the score, the band's interpretation and the
// risk flag, each in its own column bound to it (AAD `aplicacion_test.<column>`), each padded before
// encryption so that its length tells nothing (the bands' texts differ in length, 'true' and 'false'
// too). Answers: every one encrypted, scale and yes/no values as well as free text.
import type { Cifrador } from '../../comun/cifrado';
import { rellenar, sinRelleno } from '../../comun/relleno';
import type { ColumnaCifrada } from '../../db/cifrar-pendientes';

export const COL_PUNTAJE = 'aplicacion_test.puntaje_total';
export const COL_INTERPRETACION = 'aplicacion_test.interpretacion';
export const COL_RIESGO = 'aplicacion_test.riesgo';

/** Bytes each value is padded to: a score of up to 8 digits, a band's text (≤ 256 bytes, longer in
 * whole blocks), the flag. */
const RELLENO = { puntaje_total: 8, interpretacion: 256, riesgo: 8 } as const;

export const COLUMNAS_RESULTADO: ColumnaCifrada[] = [
  { tabla: 'aplicacion_test', clave: 'id_aplicacion', columna: 'puntaje_total', relleno: RELLENO.puntaje_total },
  { tabla: 'aplicacion_test', clave: 'id_aplicacion', columna: 'interpretacion', relleno: RELLENO.interpretacion },
  { tabla: 'aplicacion_test', clave: 'id_aplicacion', columna: 'riesgo', relleno: RELLENO.riesgo },
];

export interface Resultado {
  puntaje: number;
  interpretacion: string;
  riesgo: boolean;
}

/** The three values as stored. */
export function cifrarResultado(cif: Cifrador, r: Resultado) {
  return {
    puntaje_total: cif.cifrar(rellenar(String(r.puntaje), RELLENO.puntaje_total), COL_PUNTAJE),
    interpretacion: cif.cifrar(rellenar(r.interpretacion, RELLENO.interpretacion), COL_INTERPRETACION),
    riesgo: cif.cifrar(rellenar(String(r.riesgo), RELLENO.riesgo), COL_RIESGO),
  };
}

export function leerPuntaje(cif: Cifrador, v: string | null): number | null {
  return v === null ? null : Number(sinRelleno(cif.leer(v, COL_PUNTAJE)));
}

export function leerInterpretacion(cif: Cifrador, v: string | null): string | null {
  return v === null ? null : sinRelleno(cif.leer(v, COL_INTERPRETACION));
}

export function leerRiesgo(cif: Cifrador, v: string): boolean {
  return sinRelleno(cif.leer(v, COL_RIESGO)) === 'true';
}
