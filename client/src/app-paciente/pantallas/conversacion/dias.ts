// The conversation's day separators ("Hoy", "Ayer", "martes 24 de noviembre"), as the
// psychologist's chat has them (issue 53). Days are the clinic's (decision 252).
import { fechaLarga, hoyClinica, sumarDias, zonaClinica } from '../../lib/fechas';

/** The clinic's day (YYYY-MM-DD) of an ISO instant. */
export function diaDe(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zonaClinica(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

/** What the separator above a day's first message says. */
export function etiquetaDia(dia: string, hoy: string = hoyClinica()): string {
  if (dia === hoy) return 'Hoy';
  if (dia === sumarDias(hoy, -1)) return 'Ayer';
  const larga = fechaLarga(dia);
  const texto = dia.slice(0, 4) === hoy.slice(0, 4) ? larga : `${larga} de ${dia.slice(0, 4)}`;
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}
