// The booking rules every path shares (psychologist's Crear Cita, Reagendar, Duplicar and the
// patient's request), so that a rule cannot hold on one path and be missing on another.
import { disponibilidadEfectiva, franjasPorDefecto, MSG_AGENDA, mensajeExcepcion } from '@miduelo/shared/agenda';
import { aHora, aMinutos, dentroDeDisponibilidad, excepcionQueBloquea, MINUTOS_DIA, partePasada } from '@miduelo/shared/agenda-tiempo';
import { DURACION_CITA_DEFECTO, DURACION_CITA_MINIMA, DURACION_CITA_PASO } from '@miduelo/shared/constants';
import type { MomentoClinica } from '../../comun/reloj';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import { citasQueChocan } from './repo';
import { disponibilidadDe, excepcionesDe } from './repo-horario';

export function exigirFuturo(
  fecha: string,
  horaInicio: string,
  m: MomentoClinica,
  msg: { fecha: string; hora: string } = { fecha: MSG_AGENDA.fechaPasada, hora: MSG_AGENDA.horaPasada },
) {
  const pasada = partePasada(fecha, horaInicio, m);
  if (pasada === 'fecha') throw badRequest(msg.fecha, 'FECHA_PASADA');
  if (pasada === 'hora') throw badRequest(msg.hora, 'HORA_PASADA');
}

/** Start, duration and end of a new appointment: duracion wins; else hora_fin; else 60 minutes. */
export function calcularHorario(d: { hora_inicio: string; hora_fin: string | null; duracion: number | null }) {
  const inicio = aMinutos(d.hora_inicio);
  let duracion = d.duracion;
  if (duracion === null && d.hora_fin !== null) {
    duracion = aMinutos(d.hora_fin) - inicio;
    if (duracion <= 0) throw badRequest(MSG_AGENDA.finMayorQueInicio);
    if (duracion < DURACION_CITA_MINIMA) throw badRequest(MSG_AGENDA.duracionMinima);
    if (duracion % DURACION_CITA_PASO !== 0) throw badRequest(MSG_AGENDA.duracionPaso);
  }
  duracion ??= DURACION_CITA_DEFECTO;
  const fin = inicio + duracion;
  if (d.hora_fin !== null && aMinutos(d.hora_fin) !== fin) throw badRequest(MSG_AGENDA.finNoCoincide);
  if (fin >= MINUTOS_DIA) throw badRequest(MSG_AGENDA.mismoDia, 'FUERA_DE_DISPONIBILIDAD');
  return { hora_inicio: aHora(inicio), hora_fin: aHora(fin), duracion };
}

/** The default week as rows of this psychologist (created on the first read of the availability). */
export function disponibilidadPorDefecto(idPsicologo: number) {
  return franjasPorDefecto().map((f) => ({ id_psicologo: idPsicologo, ...f }));
}

type Hueco = { idPsicologo: number; fecha: string; hora_inicio: string; hora_fin: string; excluir?: number };

/**
 * The slot is inside the availability of its weekday, outside every exception and, unless the
 * appointment is cancelled, free of every other active appointment. Call with the psychologist's
 * row locked (bloquearPsicologo), so the overlap check and the write that follows are atomic.
 */
export async function exigirHuecoLibre(tx: Tx, o: Hueco & { activa: boolean }) {
  const intervalo = { inicio: aMinutos(o.hora_inicio), fin: aMinutos(o.hora_fin) };
  const disponibilidad = disponibilidadEfectiva(await disponibilidadDe(tx, o.idPsicologo));
  if (!dentroDeDisponibilidad(o.fecha, intervalo, disponibilidad))
    throw badRequest(MSG_AGENDA.fueraDeDisponibilidad, 'FUERA_DE_DISPONIBILIDAD');
  await exigirSinExcepcion(tx, o);
  if (o.activa) await exigirSinChoques(tx, o);
}

/** The slot is outside every exception of its day (decision 034): a blocked day or hour takes
 * no appointment, whether booked, moved there or reactivated there. */
export async function exigirSinExcepcion(tx: Tx, o: Hueco) {
  const intervalo = { inicio: aMinutos(o.hora_inicio), fin: aMinutos(o.hora_fin) };
  const bloqueo = excepcionQueBloquea(o.fecha, intervalo, await excepcionesDe(tx, o.idPsicologo, { fecha: o.fecha }));
  if (bloqueo) throw badRequest(mensajeExcepcion(bloqueo.motivo), 'FUERA_DE_DISPONIBILIDAD');
}

/** No other active appointment of the psychologist overlaps the slot. */
export async function exigirSinChoques(tx: Tx, o: Hueco) {
  const choques = await citasQueChocan(tx, o);
  if (choques.length > 0) throw conflict(MSG_AGENDA.horarioOcupado, 'HORARIO_OCUPADO');
}
