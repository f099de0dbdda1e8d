// The date of a patient's loss, encrypted at rest (decision 336, AAD `paciente.fecha_perdida`):
// 'yyyy-MM-dd', ten bytes whatever the date, so no padding is needed. Every reader opens it here;
// a legacy plain value (stored before, not yet reached by the start-up step) reads as it is.
import type { Cifrador } from './cifrado';

export const COLUMNA_FECHA_PERDIDA = 'paciente.fecha_perdida';

export function cifrarFechaPerdida(cif: Cifrador, fecha: string | null): string | null {
  return fecha === null ? null : cif.cifrar(fecha, COLUMNA_FECHA_PERDIDA);
}

export function leerFechaPerdida(cif: Cifrador, guardada: string | null): string | null {
  return guardada === null ? null : cif.leer(guardada, COLUMNA_FECHA_PERDIDA);
}
