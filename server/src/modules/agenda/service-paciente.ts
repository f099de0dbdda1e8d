// The patient's side of the agenda (mobile app): own appointments, free slots, requests, cancelling.
import { DURACION_CITA_DEFECTO } from '@miduelo/shared/constants';
import { disponibilidadEfectiva, MAX_SOLICITUDES_PENDIENTES, MSG_AGENDA, type SolicitarCitaDatos } from '@miduelo/shared/agenda';
import { aMinutos, horariosLibres, yaPaso } from '@miduelo/shared/agenda-tiempo';
import { avisar } from '../../comun/aviso';
import { momentoClinica } from '../../comun/reloj';
import { psicologoDePaciente } from '../../comun/repo';
import { badRequest, conflict, notFound } from '../../errors';
import { vistaCitaPaciente } from '../../comun/cita-paciente';
import { publicarCita } from './eventos';
import { citaDePaciente, citaPorId, citasDePaciente, insertarCita, intervalosOcupados, modificarCita, solicitudesPendientes } from './repo';
import { disponibilidadDe, excepcionesDe } from './repo-horario';
import { calcularHorario, exigirFuturo, exigirHuecoLibre } from './reglas';
import { type AgendaCtx, agendaDeFecha, bloquearParaReservar } from './service-citas';

async function psicologoAsignado(ctx: AgendaCtx, idPaciente: number) {
  const id = await psicologoDePaciente(ctx.db, idPaciente);
  if (id === null) throw conflict(MSG_AGENDA.sinPsicologo, 'SIN_PSICOLOGO');
  return id;
}

export async function listarMisCitas(ctx: AgendaCtx, { idPaciente }: { idPaciente: number }) {
  return (await citasDePaciente(ctx.db, ctx.cifrador, idPaciente)).map(vistaCitaPaciente);
}

/** Free start times of a date with the patient's psychologist: availability minus exceptions
 * minus every active appointment (of any patient: only the time is revealed, never whose). */
export async function horariosDisponibles(
  ctx: AgendaCtx,
  { idPaciente, fecha, duracion }: { idPaciente: number; fecha: string; duracion: number | null },
) {
  const idPsicologo = await psicologoAsignado(ctx, idPaciente);
  const dur = duracion ?? DURACION_CITA_DEFECTO;
  const m = momentoClinica(ctx.config);
  if (fecha < m.hoy) return { fecha, duracion: dur, horarios: [] };
  const [disponibilidad, excepciones, ocupados] = await Promise.all([
    disponibilidadDe(ctx.db, idPsicologo),
    excepcionesDe(ctx.db, idPsicologo, { fecha }),
    intervalosOcupados(ctx.db, idPsicologo, fecha),
  ]);
  const horarios = horariosLibres({
    fecha,
    duracion: dur,
    disponibilidad: disponibilidadEfectiva(disponibilidad),
    excepciones,
    ocupados: ocupados.map((o) => ({ inicio: aMinutos(o.hora_inicio), fin: aMinutos(o.hora_fin) })),
    despuesDe: fecha === m.hoy ? aMinutos(m.hora) : undefined,
  });
  return { fecha, duracion: dur, horarios };
}

/** A request from the app: a `pendiente` appointment under the psychologist's own rules. */
export async function solicitarCita(ctx: AgendaCtx, { idPaciente, datos: d }: { idPaciente: number; datos: SolicitarCitaDatos }) {
  const idPsicologo = await psicologoAsignado(ctx, idPaciente);
  const horario = calcularHorario({ hora_inicio: d.hora_inicio, hora_fin: null, duracion: null });
  const m = momentoClinica(ctx.config);
  exigirFuturo(d.fecha, horario.hora_inicio, m);
  const creada = await ctx.db.transaction(async (tx) => {
    await bloquearParaReservar(tx, ctx.config, idPsicologo, MSG_AGENDA.psicologoLimitado);
    if ((await solicitudesPendientes(tx, idPaciente, m.hoy)) >= MAX_SOLICITUDES_PENDIENTES)
      throw conflict(MSG_AGENDA.demasiadasSolicitudes, 'DEMASIADAS_SOLICITUDES');
    const { agenda } = await agendaDeFecha(tx, idPsicologo, d.fecha);
    await exigirHuecoLibre(tx, { idPsicologo, fecha: d.fecha, ...horario, activa: true });
    const id = await insertarCita(tx, ctx.cifrador, {
      id_agenda: agenda.id_agenda,
      id_psicologo: idPsicologo,
      id_paciente: idPaciente,
      fecha: d.fecha,
      ...horario,
      modalidad: d.modalidad,
      estado: 'pendiente',
      notas: d.notas,
      origen: 'paciente',
      createdAt: m.ahora,
      updatedAt: m.ahora,
    });
    return (await citaPorId(tx, ctx.cifrador, id))!;
  });
  // Committed: a retry after an error would ask for the same time twice (decision 288).
  await avisar(ctx, 'solicitar cita', () => publicarCita(ctx.realtime, 'creada', 'paciente', creada));
  return vistaCitaPaciente(creada);
}

/** The patient cancels one of their own upcoming appointments (it stays, red, in the agenda). */
export async function cancelarMiCita(ctx: AgendaCtx, { idPaciente, idCita }: { idPaciente: number; idCita: number }) {
  const m = momentoClinica(ctx.config);
  const r = await ctx.db.transaction(async (tx) => {
    const c = await citaDePaciente(tx, ctx.cifrador, idPaciente, idCita);
    if (!c) throw notFound(MSG_AGENDA.citaNoEncontrada);
    if (c.estado === 'cancelada') return { cita: c, cambio: false };
    if (yaPaso(c.fecha, c.hora_inicio, m)) throw badRequest(MSG_AGENDA.cancelarPasada, 'CITA_PASADA');
    await modificarCita(tx, idCita, { estado: 'cancelada' }, m.ahora);
    return { cita: (await citaPorId(tx, ctx.cifrador, idCita))!, cambio: true };
  });
  if (r.cambio) await avisar(ctx, 'cancelar cita', () => publicarCita(ctx.realtime, 'actualizada', 'paciente', r.cita));
  return vistaCitaPaciente(r.cita);
}
