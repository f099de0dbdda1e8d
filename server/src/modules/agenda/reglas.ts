// The booking rules every path shares (psychologist's Crear Cita, Reagendar, Duplicar and the
// patient's request), so that a rule cannot hold on one path and be missing on another.
import {
  DIAS_DISPONIBILIDAD_DEFECTO,
  type Disponibilidad,
  HORA_FIN_DISPONIBILIDAD_DEFECTO,
  HORA_INICIO_DISPONIBILIDAD_DEFECTO,
  MSG_AGENDA,
  mensajeExcepcion,
} from '@miduelo/shared/citas';
import {
  aHora,
  aMinutos,
  dentroDeDisponibilidad,
  excepcionQueBloquea,
  type FranjaDisponible,
  MINUTOS_DIA,
} from '@miduelo/shared/citas-tiempo';
import { DURACION_CITA_DEFECTO, DURACION_CITA_MINIMA, DURACION_CITA_PASO } from '@miduelo/shared/constants';
import type { MomentoClinica } from '../../comun/reloj';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import { citasQueChocan, disponibilidadDe, excepcionesDe } from './repo';

/** Strictly later than now: a session that starts this very minute can no longer be booked. */
export function yaPaso(fecha: string, horaInicio: string, m: MomentoClinica): boolean {
  return fecha < m.hoy || (fecha === m.hoy && horaInicio <= m.hora);
}

export function exigirFuturo(
  fecha: string,
  horaInicio: string,
  m: MomentoClinica,
  msg: { fecha: string; hora: string } = { fecha: MSG_AGENDA.fechaPasada, hora: MSG_AGENDA.horaPasada },
) {
  if (fecha < m.hoy) throw badRequest(msg.fecha, 'FECHA_PASADA');
  if (fecha === m.hoy && horaInicio <= m.hora) throw badRequest(msg.hora, 'HORA_PASADA');
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

/** Monday to Friday 09:00–18:30 (spec 1 §8, §9). */
export function disponibilidadPorDefecto(idPsicologo: number) {
  return DIAS_DISPONIBILIDAD_DEFECTO.map((dia_semana) => ({
    id_psicologo: idPsicologo,
    dia_semana,
    hora_inicio: HORA_INICIO_DISPONIBILIDAD_DEFECTO,
    hora_fin: HORA_FIN_DISPONIBILIDAD_DEFECTO,
  }));
}

/** A psychologist without any slot works the default week (decision 033). */
export function disponibilidadEfectiva(idPsicologo: number, filas: Disponibilidad[]): FranjaDisponible[] {
  return filas.length > 0 ? filas : disponibilidadPorDefecto(idPsicologo);
}

/**
 * The slot is inside the availability of its weekday, outside every exception and, unless the
 * appointment is cancelled, free of every other active appointment. Call with the psychologist's
 * row locked (bloquearPsicologo), so the overlap check and the write that follows are atomic.
 */
export async function exigirHuecoLibre(
  tx: Tx,
  o: { idPsicologo: number; fecha: string; hora_inicio: string; hora_fin: string; activa: boolean; excluir?: number },
) {
  const intervalo = { inicio: aMinutos(o.hora_inicio), fin: aMinutos(o.hora_fin) };
  const disponibilidad = disponibilidadEfectiva(o.idPsicologo, await disponibilidadDe(tx, o.idPsicologo));
  if (!dentroDeDisponibilidad(o.fecha, intervalo, disponibilidad))
    throw badRequest(MSG_AGENDA.fueraDeDisponibilidad, 'FUERA_DE_DISPONIBILIDAD');
  const bloqueo = excepcionQueBloquea(o.fecha, intervalo, await excepcionesDe(tx, o.idPsicologo, { fecha: o.fecha }));
  if (bloqueo) throw badRequest(mensajeExcepcion(bloqueo.motivo), 'FUERA_DE_DISPONIBILIDAD');
  if (!o.activa) return;
  const choques = await citasQueChocan(tx, o);
  if (choques.length > 0) throw conflict(MSG_AGENDA.horarioOcupado, 'HORARIO_OCUPADO');
}
