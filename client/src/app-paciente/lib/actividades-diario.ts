// The emotion diary on the patient's side (decision 126, 212): the emotions and their colours, the
// month grid, and the one list every diary screen shares (so the check-in on Inicio and the month
// view agree at once).
import type { Entrada } from '@miduelo/shared/actividades-diario';
import { hoyClinica } from './fechas';

/** The emotions a patient can pick: the server's own list (shared/diario). */
export { EMOCIONES } from '@miduelo/shared/actividades-diario';

/** Soft, distinct colours, none of them alarming: a feeling is not an alert. */
const COLORES: Record<string, string> = {
  Tristeza: '#6f8fb8',
  Enojo: '#c46a52',
  Culpa: '#9c7497',
  Miedo: '#8179b0',
  Ansiedad: '#c9924a',
  Soledad: '#7f8f99',
  Nostalgia: '#a98366',
  Calma: '#5e9c86',
  Esperanza: '#86ad5c',
  Gratitud: '#c9a43c',
  Alegría: '#e08a4f',
};
export const colorDe = (emocion: string) => COLORES[emocion] ?? '#958a80';

export const RUTA_DIARIO = '/diario';

/** An entry that could not be saved for lack of connection stays in its form, on the phone (decision 274). */
export const SIN_CONEXION_DIARIO =
  'No hay conexión a internet: tu entrada aún no se guardó. La dejamos aquí, en este teléfono, para que la guardes cuando vuelva la conexión.';
export const PENDIENTE_DIARIO = 'Esta entrada no se guardó porque no había conexión. Revísala y guárdala cuando quieras.';

/** "2026-11" of a date. */
export const mesDe = (fecha: string) => fecha.slice(0, 7);
export const mesActual = () => mesDe(hoyClinica());

export function sumarMeses(mes: string, n: number): string {
  const [y, m] = mes.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** "noviembre de 2026" */
export function nombreMes(mes: string): string {
  return new Intl.DateTimeFormat('es-MX', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${mes}-15T12:00:00Z`));
}

/** The month's weeks, Monday first; null fills the days of other months. */
export function semanasDelMes(mes: string): (string | null)[][] {
  const [y, m] = mes.split('-').map(Number);
  const dias = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const primero = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const celdas: (string | null)[] = Array.from({ length: primero }, () => null);
  for (let d = 1; d <= dias; d++) celdas.push(`${mes}-${String(d).padStart(2, '0')}`);
  while (celdas.length % 7) celdas.push(null);
  const semanas: (string | null)[][] = [];
  for (let i = 0; i < celdas.length; i += 7) semanas.push(celdas.slice(i, i + 7));
  return semanas;
}

/** Newest first: the day, then the moment it was written. */
export function ordenar(l: Entrada[]): Entrada[] {
  return [...l].sort((a, b) => (a.fecha === b.fecha ? b.id_entrada - a.id_entrada : a.fecha < b.fecha ? 1 : -1));
}

/** Puts an entry in the list (by id: a repeated answer replaces, never duplicates). */
export function conEntrada(l: Entrada[] | undefined, e: Entrada): Entrada[] {
  return ordenar([...(l ?? []).filter((x) => x.id_entrada !== e.id_entrada), e]);
}

export const sinEntrada = (l: Entrada[] | undefined, id: number) => (l ?? []).filter((x) => x.id_entrada !== id);

/** "Intensidad 7 de 10" in words a person says. */
export function textoIntensidad(n: number): string {
  return n <= 3 ? 'leve' : n <= 6 ? 'moderada' : n <= 8 ? 'fuerte' : 'muy fuerte';
}
