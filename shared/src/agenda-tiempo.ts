// Pure calendar arithmetic of the agenda, shared by the server's rules and the client's grid.
// Dates are 'yyyy-MM-dd' and hours 'HH:mm' wall-clock values of the clinic's zone; nothing here
// reads a clock, so "today" and "now" are always the caller's (zone-aware) decision.
import { type DiaSemana, SEMANA_DIAS } from './constants';

export const MINUTOS_DIA = 24 * 60;

/** 'HH:mm' or 'HH:mm:ss' → minutes after midnight. */
export function aMinutos(hora: string): number {
  const [h, m] = hora.split(':').map(Number);
  return h * 60 + m;
}

/** Minutes after midnight → 'HH:mm' (1440 reads '24:00'). */
export function aHora(minutos: number): string {
  const h = Math.floor(minutos / 60);
  const m = minutos % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Hour display trimmed to HH:mm (spec 1 §9). */
export function recortarHora(hora: string): string {
  return hora.slice(0, 5);
}

export function esHoraValida(hora: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(hora);
}

function aUtc(fecha: string): Date {
  const [y, m, d] = fecha.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function deUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function sumarDias(fecha: string, dias: number): string {
  const d = aUtc(fecha);
  d.setUTCDate(d.getUTCDate() + dias);
  return deUtc(d);
}

/** Lunes…Domingo of a date. */
export function diaSemanaDe(fecha: string): DiaSemana {
  const dow = aUtc(fecha).getUTCDay(); // 0 = Sunday
  return SEMANA_DIAS[(dow + 6) % 7];
}

/** The Monday of the week holding a date (weeks start on Monday, spec 1 §9). */
export function lunesDe(fecha: string): string {
  const dow = aUtc(fecha).getUTCDay();
  return sumarDias(fecha, -((dow + 6) % 7));
}

/** The seven dates of the week starting on a Monday. */
export function diasDeSemana(lunes: string): string[] {
  return Array.from({ length: 7 }, (_, i) => sumarDias(lunes, i));
}

interface Intervalo {
  /** minutes after midnight, inclusive */
  inicio: number;
  /** minutes after midnight, exclusive */
  fin: number;
}

export function intervaloDe(o: { hora_inicio: string; hora_fin: string }): Intervalo {
  return { inicio: aMinutos(o.hora_inicio), fin: aMinutos(o.hora_fin) };
}

/** Half-open intervals: 09:00–10:00 and 10:00–11:00 touch but do not overlap. */
export function seSolapan(a: Intervalo, b: Intervalo): boolean {
  return a.inicio < b.fin && b.inicio < a.fin;
}

/** Adjacent or overlapping intervals merged, sorted (09:00–13:00 + 13:00–18:00 = 09:00–18:00). */
export function unirIntervalos(intervalos: Intervalo[]): Intervalo[] {
  const orden = [...intervalos].sort((a, b) => a.inicio - b.inicio);
  const out: Intervalo[] = [];
  for (const i of orden) {
    const ultimo = out[out.length - 1];
    if (ultimo && i.inicio <= ultimo.fin) ultimo.fin = Math.max(ultimo.fin, i.fin);
    else out.push({ ...i });
  }
  return out;
}

export interface FranjaDisponible {
  dia_semana: string;
  hora_inicio: string;
  hora_fin: string;
}

interface ExcepcionHoraria {
  fecha: string;
  hora_inicio: string | null;
  hora_fin: string | null;
}

/** Whether an interval of a date lies wholly inside the availability of its weekday. */
export function dentroDeDisponibilidad(fecha: string, intervalo: Intervalo, disponibilidad: FranjaDisponible[]): boolean {
  const dia = diaSemanaDe(fecha);
  const franjas = unirIntervalos(disponibilidad.filter((d) => d.dia_semana === dia).map(intervaloDe));
  return franjas.some((f) => f.inicio <= intervalo.inicio && intervalo.fin <= f.fin);
}

/** The first exception of that date that blocks the interval (no hours = the whole day). */
export function excepcionQueBloquea<E extends ExcepcionHoraria>(fecha: string, intervalo: Intervalo, excepciones: E[]): E | null {
  for (const e of excepciones) {
    if (e.fecha !== fecha) continue;
    if (e.hora_inicio === null || e.hora_fin === null) return e;
    if (seSolapan(intervalo, intervaloDe({ hora_inicio: e.hora_inicio, hora_fin: e.hora_fin }))) return e;
  }
  return null;
}

/**
 * Free start times of one date for an appointment of `duracion` minutes: availability minus
 * exceptions minus the occupied intervals, and after `despuesDe` when given (today's "now").
 * Walks each availability block from its start; after a collision it resumes at the end of the
 * blocking interval, so the list reads naturally (09:00, 10:00, 11:15 after a 10:15 session).
 */
export function horariosLibres(o: {
  fecha: string;
  duracion: number;
  disponibilidad: FranjaDisponible[];
  excepciones: ExcepcionHoraria[];
  ocupados: Intervalo[];
  /** minutes after midnight; only starts strictly later are offered */
  despuesDe?: number;
  paso?: number;
}): Array<{ hora_inicio: string; hora_fin: string }> {
  const paso = o.paso ?? 15;
  const dia = diaSemanaDe(o.fecha);
  const bloqueos: Intervalo[] = [...o.ocupados];
  for (const e of o.excepciones) {
    if (e.fecha !== o.fecha) continue;
    if (e.hora_inicio === null || e.hora_fin === null) return [];
    bloqueos.push(intervaloDe({ hora_inicio: e.hora_inicio, hora_fin: e.hora_fin }));
  }
  const libres: Array<{ hora_inicio: string; hora_fin: string }> = [];
  for (const franja of unirIntervalos(o.disponibilidad.filter((d) => d.dia_semana === dia).map(intervaloDe))) {
    let t = franja.inicio;
    while (t + o.duracion <= franja.fin) {
      if (o.despuesDe !== undefined && t <= o.despuesDe) {
        t = Math.ceil((o.despuesDe + 1) / paso) * paso;
        continue;
      }
      const candidato = { inicio: t, fin: t + o.duracion };
      const choque = bloqueos.filter((b) => seSolapan(candidato, b)).sort((a, b) => b.fin - a.fin)[0];
      if (choque) {
        t = Math.ceil(choque.fin / paso) * paso;
        continue;
      }
      libres.push({ hora_inicio: aHora(candidato.inicio), hora_fin: aHora(candidato.fin) });
      t = candidato.fin;
    }
  }
  return libres;
}

/** "Now" in the clinic's zone, as `fechaEnZona`/`horaEnZona` give it. */
export interface MomentoEnZona {
  hoy: string;
  hora: string;
}

/** What is already past of a date and start hour, judged in the clinic's zone: the date, the hour
 * (today, this very minute included), or nothing. Both the forms and the server use it. */
export function partePasada(fecha: string, hora: string, m: MomentoEnZona): 'fecha' | 'hora' | null {
  if (fecha < m.hoy) return 'fecha';
  if (fecha === m.hoy && hora <= m.hora) return 'hora';
  return null;
}

/** Strictly later than now: a session that starts this very minute can no longer be booked. */
export function yaPaso(fecha: string, hora: string, m: MomentoEnZona): boolean {
  return partePasada(fecha, hora, m) !== null;
}
