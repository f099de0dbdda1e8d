import type { Disponibilidad } from '@miduelo/shared/agenda';
import { SEMANA_DIAS } from '@miduelo/shared/constants';
import type { FranjaDisponible } from '@miduelo/shared/agenda-tiempo';
import { disponibilidadEfectiva } from '@miduelo/shared/agenda';

/** What the grid shades as working hours: nothing before the first load (no false "fuera de
 * horario"), the default week when there is no slot (the server books against it, decision 033). */
export function disponibilidadDeGrid(disponibilidad: Disponibilidad[] | null): FranjaDisponible[] {
  if (disponibilidad === null) return SEMANA_DIAS.map((dia_semana) => ({ dia_semana, hora_inicio: '00:00', hora_fin: '23:59' }));
  return disponibilidadEfectiva(disponibilidad);
}
