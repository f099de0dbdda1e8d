// Appointments as the psychologist manages them (spec 1 §5 Appointments, §7 Agenda).
import { MSG } from '@miduelo/shared/cuentas';
import { type ActualizarCitaDatos, type CrearCitaDatos, duplicadasDe, MSG_AGENDA, mensajeDuplicadas } from '@miduelo/shared/agenda';
import { diasDeSemana, lunesDe } from '@miduelo/shared/agenda-tiempo';
import { avisar } from '../../comun/aviso';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { momentoClinica } from '../../comun/reloj';
import { esPacienteDe } from '../../comun/repo';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { Ctx } from '../../plugins/contexto';
import { publicarCita } from './eventos';
import {
  agendaDePsicologo,
  asegurarAgenda,
  bloquearPsicologo,
  borrarCita,
  borrarCitas,
  type CambiosCita,
  type CitaConDueno,
  citaDePsicologo,
  citaPorId,
  citasDeAgendaDePsicologo,
  citasDelPacienteEnFecha,
  insertarCita,
  modificarCita,
} from './repo';
import { calcularHorario, exigirFuturo, exigirHuecoLibre, exigirSinChoques, exigirSinExcepcion } from './reglas';

export type AgendaCtx = Pick<Ctx, 'db' | 'config' | 'realtime' | 'cifrador' | 'log'>;

/** Locks the psychologist's row and refuses new appointments when the account cannot take them:
 * disabled, or limited (the login's advertencia says an unvalidated licence past its grace period
 * books nothing new). The message depends on who asks. */
export async function bloquearParaReservar(tx: Tx, config: Config, idPsicologo: number, msgNoDisponible: string) {
  const p = await bloquearPsicologo(tx, idPsicologo);
  return exigirQuePuedaReservar(p, config, msgNoDisponible);
}

function exigirQuePuedaReservar(p: Awaited<ReturnType<typeof bloquearPsicologo>>, config: Config, msgNoDisponible: string) {
  if (p?.status !== 'activo' || !p.activadoEn) throw forbidden(msgNoDisponible, 'PSICOLOGO_INACTIVO');
  if (diasRestantes(p, config.now(), config.diasGraciaValidacion) === 0) throw forbidden(msgNoDisponible, 'CUENTA_LIMITADA');
  return p;
}

/** The week's agenda for a date, created on demand (spec 1 §4). */
export function agendaDeFecha(tx: Tx, idPsicologo: number, fecha: string) {
  const lunes = lunesDe(fecha);
  return asegurarAgenda(tx, idPsicologo, lunes, diasDeSemana(lunes)[6]);
}

/**
 * The agenda a new appointment is stored in: the named one when its week holds the date; else the
 * date's own week's, created when missing (decision 391: the original web client always names this
 * week's agenda, even for a date of another week). An id that is not an agenda of this psychologist
 * is refused as before. Called with the psychologist's row locked; asegurarAgenda's unique-week
 * insert keeps racing callers (POST /agenda included) on one row per week.
 */
async function agendaParaCita(tx: Tx, idPsicologo: number, datos: CrearCitaDatos): Promise<number> {
  if (datos.id_agenda !== null) {
    const agenda = await agendaDePsicologo(tx, idPsicologo, datos.id_agenda);
    if (!agenda) throw notFound(MSG_AGENDA.agendaNoEncontrada);
    if (agenda.semana_inicio === lunesDe(datos.fecha)) return agenda.id_agenda;
  }
  return (await agendaDeFecha(tx, idPsicologo, datos.fecha)).agenda.id_agenda;
}

export async function listarCitasDeAgenda(ctx: AgendaCtx, { idPsicologo, idAgenda }: { idPsicologo: number; idAgenda: number }) {
  // One statement checks the agenda is theirs and reads its appointments (decision 221).
  const citas = await citasDeAgendaDePsicologo(ctx.db, ctx.cifrador, idPsicologo, idAgenda);
  if (!citas) throw notFound(MSG_AGENDA.agendaNoEncontrada);
  return citas;
}

export async function crearCita(ctx: AgendaCtx, o: { idPsicologo: number; datos: CrearCitaDatos }) {
  const { datos, idPsicologo } = o;
  const horario = calcularHorario(datos);
  const m = momentoClinica(ctx.config);
  exigirFuturo(datos.fecha, horario.hora_inicio, m);
  const creada = await ctx.db.transaction(async (tx) => {
    await bloquearParaReservar(tx, ctx.config, idPsicologo, MSG.cuentaLimitadaAccion);
    if (!(await esPacienteDe(tx, idPsicologo, datos.id_paciente))) throw notFound(MSG_AGENDA.pacienteNoEncontrado);
    const idAgenda = await agendaParaCita(tx, idPsicologo, datos);
    await exigirHuecoLibre(tx, { idPsicologo, fecha: datos.fecha, ...horario, activa: datos.estado !== 'cancelada' });
    const id = await insertarCita(tx, ctx.cifrador, {
      id_agenda: idAgenda,
      id_psicologo: idPsicologo,
      id_paciente: datos.id_paciente,
      fecha: datos.fecha,
      ...horario,
      modalidad: datos.modalidad,
      estado: datos.estado,
      notas: datos.notas,
      origen: 'psicologo',
      createdAt: m.ahora,
      updatedAt: m.ahora,
    });
    return (await citaPorId(tx, ctx.cifrador, id))!;
  });
  // Committed: answered as saved even if the open screens cannot hear of it (decision 288).
  await avisar(ctx, 'crear cita', () => publicarCita(ctx.realtime, 'creada', 'psicologo', creada));
  return creada;
}

/** PUT /citas/{id}: a new estado (any to any, spec 1 §4), a new date and hour (Reagendar), or both. */
export async function actualizarCita(ctx: AgendaCtx, o: { idPsicologo: number; idCita: number; datos: ActualizarCitaDatos }) {
  const { datos, idPsicologo, idCita } = o;
  const m = momentoClinica(ctx.config);
  if (datos.fecha !== null && datos.hora_inicio !== null) {
    exigirFuturo(datos.fecha, datos.hora_inicio, m, { fecha: MSG_AGENDA.reagendarFechaPasada, hora: MSG_AGENDA.reagendarHoraPasada });
  }
  const r = await ctx.db.transaction(async (tx) => {
    const psicologo = await bloquearPsicologo(tx, idPsicologo);
    const actual = await citaDePsicologo(tx, ctx.cifrador, idPsicologo, idCita);
    if (!actual) throw notFound(MSG_AGENDA.citaNoEncontrada);
    // Rescheduling or reactivating occupies time again: a limited account books nothing new.
    const estado = datos.estado ?? actual.estado;
    const reagenda =
      datos.fecha !== null && datos.hora_inicio !== null && (datos.fecha !== actual.fecha || datos.hora_inicio !== actual.hora_inicio);
    const reactiva = actual.estado === 'cancelada' && estado !== 'cancelada';
    if ((reagenda && estado !== 'cancelada') || reactiva) exigirQuePuedaReservar(psicologo, ctx.config, MSG.cuentaLimitadaAccion);
    const cambios = await cambiosDeCita(tx, actual, datos);
    if (!cambios) return { cita: actual, cambio: false };
    await modificarCita(tx, idCita, cambios, m.ahora);
    return { cita: (await citaPorId(tx, ctx.cifrador, idCita))!, cambio: true };
  });
  if (r.cambio) await avisar(ctx, 'actualizar cita', () => publicarCita(ctx.realtime, 'actualizada', 'psicologo', r.cita));
  return r.cita;
}

async function cambiosDeCita(tx: Tx, actual: CitaConDueno, datos: ActualizarCitaDatos) {
  const estado = datos.estado ?? actual.estado;
  const reagenda =
    datos.fecha !== null && datos.hora_inicio !== null && (datos.fecha !== actual.fecha || datos.hora_inicio !== actual.hora_inicio);
  if (!reagenda && estado === actual.estado) return null;
  const cambios: CambiosCita = { estado };
  if (reagenda && datos.fecha !== null && datos.hora_inicio !== null) {
    const horario = calcularHorario({ hora_inicio: datos.hora_inicio, hora_fin: null, duracion: actual.duracion });
    await exigirHuecoLibre(tx, {
      idPsicologo: actual.id_psicologo,
      fecha: datos.fecha,
      hora_inicio: horario.hora_inicio,
      hora_fin: horario.hora_fin,
      activa: estado !== 'cancelada',
      excluir: actual.id_cita,
    });
    const { agenda } = await agendaDeFecha(tx, actual.id_psicologo, datos.fecha);
    Object.assign(cambios, {
      fecha: datos.fecha,
      hora_inicio: horario.hora_inicio,
      hora_fin: horario.hora_fin,
      id_agenda: agenda.id_agenda,
      // A new time deserves a new reminder.
      recordatorioEnviadoEn: null,
      recordatorioReclamadoEn: null,
    });
  } else if (actual.estado === 'cancelada' && estado !== 'cancelada') {
    // Reactivating a cancelled appointment occupies its time again: it must be neither blocked
    // since (decision 034) nor taken. The weekly availability is not asked again: it governs new
    // bookings only, and this one was booked (decision 265).
    const hueco = { ...actual, idPsicologo: actual.id_psicologo, excluir: actual.id_cita };
    await exigirSinExcepcion(tx, hueco);
    await exigirSinChoques(tx, hueco);
  }
  return cambios;
}

export async function eliminarCita(ctx: AgendaCtx, o: { idPsicologo: number; idCita: number }) {
  const borrada = await ctx.db.transaction(async (tx) => {
    await bloquearPsicologo(tx, o.idPsicologo);
    const c = await citaDePsicologo(tx, ctx.cifrador, o.idPsicologo, o.idCita);
    if (!c) throw notFound(MSG_AGENDA.citaNoEncontrada);
    await borrarCita(tx, c.id_cita);
    return c;
  });
  await avisar(ctx, 'eliminar cita', () => publicarCita(ctx.realtime, 'eliminada', 'psicologo', borrada));
  return { msg: MSG_AGENDA.citaEliminada };
}

/** Eliminar duplicadas: deletes the other appointments of the same patient on the same date,
 * keeping the one the psychologist has open (decision 036). */
export async function eliminarDuplicadas(ctx: AgendaCtx, o: { idPsicologo: number; idCita: number }) {
  const borradas = await ctx.db.transaction(async (tx) => {
    await bloquearPsicologo(tx, o.idPsicologo);
    const c = await citaDePsicologo(tx, ctx.cifrador, o.idPsicologo, o.idCita);
    if (!c) throw notFound(MSG_AGENDA.citaNoEncontrada);
    // What counts as a duplicate is the shared rule the agenda screen also applies.
    const duplicadas = duplicadasDe(c, await citasDelPacienteEnFecha(tx, ctx.cifrador, c));
    await borrarCitas(
      tx,
      duplicadas.map((d) => d.id_cita),
    );
    return duplicadas;
  });
  await avisar(ctx, 'eliminar duplicadas', () => {
    for (const d of borradas) publicarCita(ctx.realtime, 'eliminada', 'psicologo', d);
  });
  return { msg: mensajeDuplicadas(borradas.length), eliminadas: borradas.map((d) => d.id_cita) };
}
