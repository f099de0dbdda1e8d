import { zonaClinica } from './zona';
import type { MomentoEnZona } from '@miduelo/shared/agenda-tiempo';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
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

// An instant the server sent (a timestamp: a message sent, evidence uploaded, a note written) is
// shown in the clinic's zone, like the agenda, the forms and the patient's app, whatever the zone of
// the computer (decisions 011 and 252): the same moment reads the same on every screen and device.
type Instante = string | Date;
const instante = (x: Instante) => (typeof x === 'string' ? new Date(x) : x);

/** 'yyyy-MM-dd' of an instant in the clinic's zone (its day, to group or compare). */
export const diaClinica = (x: Instante) => fechaEnZona(instante(x), zonaClinica());

/** HH:mm of an instant in the clinic's zone. */
export const horaClinica = (x: Instante) => horaEnZona(instante(x), zonaClinica());

/** dd/MM/yyyy of an instant in the clinic's zone (spec 1 §9). */
export const fechaCorta = (x: Instante) => formatoFecha(diaClinica(x));

/** dd/MM/yyyy HH:mm of an instant in the clinic's zone (spec 1 §9). */
export const fechaHora = (x: Instante) => `${fechaCorta(x)} ${horaClinica(x)}`;
