import { MSG_AGENDA } from '@miduelo/shared/agenda';
import { partePasada, yaPaso as yaPasoEn } from '@miduelo/shared/agenda-tiempo';
import { ahoraClinica } from '@/lib/format';

export function yaPaso(fecha: string, hora: string): boolean {
  return yaPasoEn(fecha, hora, ahoraClinica());
}

/** The spec's message for a date or hour already past (spec 1 §5) and the field it belongs to. */
export function errorTemporal(
  fecha: string,
  hora: string,
  modo: 'crear' | 'reagendar',
): { campo: 'fecha' | 'hora_inicio'; msg: string } | null {
  if (!fecha) return null;
  const pasada = partePasada(fecha, hora, ahoraClinica());
  if (pasada === 'fecha') return { campo: 'fecha', msg: modo === 'crear' ? MSG_AGENDA.fechaPasada : MSG_AGENDA.reagendarFechaPasada };
  if (hora && pasada === 'hora')
    return { campo: 'hora_inicio', msg: modo === 'crear' ? MSG_AGENDA.horaPasada : MSG_AGENDA.reagendarHoraPasada };
  return null;
}

/** The "disponibilidad" alert of spec 1 §8 keys on the server's wording. */
export const mencionaDisponibilidad = (msg: string | undefined) => Boolean(msg && /disponibilidad/i.test(msg));
