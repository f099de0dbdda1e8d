// The legal term of an ARCO request (LFPDPPP art. 32; decision 378): 20 business days counted from
// the day after the request, in the clinic's time zone. Not business days: Saturdays, Sundays and the
// federal mandatory rest days of the Ley Federal del Trabajo, art. 74 (date-holidays' `public` days
// for MX: 1 January, the first Monday of February, the third Monday of March, 1 May, 16 September,
// the third Monday of November, 1 December every six years and 25 December). date-holidays' `bank`
// and `observance` days (Holy Week, 2 November, 12 December, Mother's Day) are working days by law.
import { PLAZO_ARCO_DIAS_HABILES } from '@miduelo/shared/derechos-solicitudes';
import { fechaEnZona } from '@miduelo/shared/fechas';
import Holidays from 'date-holidays';

const feriadosPorAnio = new Map<number, Set<string>>();
const mx = new Holidays('MX');

/** The LFT art. 74 rest days of a year, as `yyyy-MM-dd`. */
export function feriadosOficiales(anio: number): Set<string> {
  let s = feriadosPorAnio.get(anio);
  if (!s) {
    s = new Set(
      mx
        .getHolidays(anio)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    feriadosPorAnio.set(anio, s);
  }
  return s;
}

/** `yyyy-MM-dd` plus `n` calendar days (pure date arithmetic, no time zone). */
function sumarDias(fecha: string, n: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function esDiaHabil(fecha: string): boolean {
  const dia = new Date(`${fecha}T00:00:00Z`).getUTCDay();
  if (dia === 0 || dia === 6) return false;
  return !feriadosOficiales(Number(fecha.slice(0, 4))).has(fecha);
}

/** The `n`-th business day after `fecha` (exclusive). */
export function sumarDiasHabiles(fecha: string, n: number): string {
  let f = fecha;
  for (let contados = 0; contados < n; ) {
    f = sumarDias(f, 1);
    if (esDiaHabil(f)) contados++;
  }
  return f;
}

/** The deadline of a request received at `recibidaEn`: the 20th business day after its date in `zona`. */
export function venceSolicitudArco(recibidaEn: Date, zona: string): string {
  return sumarDiasHabiles(fechaEnZona(recibidaEn, zona), PLAZO_ARCO_DIAS_HABILES);
}

/** Business days from `hoy` to `vence` (both `yyyy-MM-dd`): positive while in time (0 on the last
 * day), negative by the business days elapsed since it lapsed. */
export function diasHabilesRestantes(hoy: string, vence: string): number {
  if (hoy === vence) return 0;
  const [desde, hasta, signo] = hoy < vence ? [hoy, vence, 1] : [vence, hoy, -1];
  let n = 0;
  for (let f = sumarDias(desde, 1); f <= hasta; f = sumarDias(f, 1)) if (esDiaHabil(f)) n++;
  return signo * n;
}
