import { fechaEnZona, horaEnZona } from '@miduelo/shared/fechas';
import type { Config } from '../config';

/** "Today" and "now" in the clinic's zone, never the machine's UTC clock. */
export function momentoClinica(config: Pick<Config, 'now' | 'zonaClinica'>) {
  const ahora = config.now();
  return { ahora, hoy: fechaEnZona(ahora, config.zonaClinica), hora: horaEnZona(ahora, config.zonaClinica) };
}

export type MomentoClinica = ReturnType<typeof momentoClinica>;
