import { zonaClinica } from './zona';
import type { MomentoEnZona } from '@miduelo/shared/citas-tiempo';
import { fechaEnZona, horaEnZona } from '@miduelo/shared/fechas';
import dayjs from 'dayjs';
import 'dayjs/locale/es';

dayjs.locale('es');

type Fecha = string | number | Date | dayjs.Dayjs;

/** 'lunes, 3 de marzo de 2025'. */
export const fechaLarga = (valor: Fecha) => dayjs(valor).format('dddd, D [de] MMMM [de] YYYY');

/** Calendar column heading: abbreviated weekday and day/month ('lun 3/3'). */
export const diaCorto = (valor: Fecha) => dayjs(valor).format('ddd D/M');

/** Today and now in the clinic's zone: the forms judge past dates and ages exactly as the server does. */
export function ahoraClinica(): MomentoEnZona {
  const ahora = new Date();
  const zona = zonaClinica();
  return { hoy: fechaEnZona(ahora, zona), hora: horaEnZona(ahora, zona) };
}

/** Today as yyyy-MM-dd in the clinic's time zone. */
export const hoyClinica = () => ahoraClinica().hoy;

/** Initials for an avatar ('Ana', 'López' → 'AL'). */
export function iniciales(...partes: (string | null | undefined)[]): string {
  return partes
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim()[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 2);
}
