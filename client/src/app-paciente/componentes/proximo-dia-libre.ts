// The next day with a free slot (issue 53): "Solicitar una cita" opened on today, which late in the
// day or on a weekend has none, and she had to try day after day. Asks the same read the day view
// uses, one day at a time, up to two weeks ahead (a weekend or a day off costs one or two reads).
import type { Horarios } from '../api/agenda';
import { api } from '../lib/api';
import { sumarDias } from '../lib/fechas';

export const DIAS_A_BUSCAR = 14;

/** The first day from `desde` on (inclusive) with a free slot, or null within DIAS_A_BUSCAR days. */
export async function proximoDiaConHorarios(desde: string, sigue: () => boolean = () => true): Promise<string | null> {
  for (let i = 0; i < DIAS_A_BUSCAR; i++) {
    if (!sigue()) return null;
    const fecha = sumarDias(desde, i);
    const r = await api<Horarios>(`/horarios-disponibles?fecha=${encodeURIComponent(fecha)}`);
    if (r.horarios.length > 0) return fecha;
  }
  return null;
}
