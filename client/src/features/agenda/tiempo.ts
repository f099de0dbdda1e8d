import { MSG_AGENDA } from '@miduelo/shared/citas';
import { fechaEnZona, horaEnZona } from '@miduelo/shared/fechas';
import { zonaClinica } from '@/lib/zona';

/** Today and now in the clinic's zone: the form judges past dates exactly as the server does. */
export function ahoraClinica() {
  const ahora = new Date();
  const zona = zonaClinica();
  return { hoy: fechaEnZona(ahora, zona), hora: horaEnZona(ahora, zona) };
}

export function yaPaso(fecha: string, hora: string): boolean {
  const { hoy, hora: actual } = ahoraClinica();
  return fecha < hoy || (fecha === hoy && hora <= actual);
}

/** The spec's message for a date or hour already past (spec 1 §5) and the field it belongs to. */
export function errorTemporal(
  fecha: string,
  hora: string,
  modo: 'crear' | 'reagendar',
): { campo: 'fecha' | 'hora_inicio'; msg: string } | null {
  if (!fecha) return null;
  const { hoy, hora: actual } = ahoraClinica();
  if (fecha < hoy) return { campo: 'fecha', msg: modo === 'crear' ? MSG_AGENDA.fechaPasada : MSG_AGENDA.reagendarFechaPasada };
  if (hora && fecha === hoy && hora <= actual)
    return { campo: 'hora_inicio', msg: modo === 'crear' ? MSG_AGENDA.horaPasada : MSG_AGENDA.reagendarHoraPasada };
  return null;
}

/** The "disponibilidad" alert of spec 1 §8 keys on the server's wording. */
export const mencionaDisponibilidad = (msg: string | undefined) => Boolean(msg && /disponibilidad/i.test(msg));
