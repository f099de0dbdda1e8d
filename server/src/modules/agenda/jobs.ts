// The 24-hour reminder email of every confirmed appointment (decision 040).
// Each tick claims its rows with one atomic UPDATE ... RETURNING: two server processes (or a tick
// that overlaps a restart) never claim the same appointment at once. A claim is a lease: a reminder
// is marked sent only once the mail server accepted it; a failed send releases the claim, and a
// claim whose process died before sending expires after RECLAMO_MS, so the next tick sends it.
import { RECORDATORIO_ANTICIPACION_MS } from '@miduelo/shared/agenda';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import { seOpone } from '../../comun/oposicion';
import type { Ctx } from '../../plugins/contexto';
import { correoRecordatorio } from './correo-recordatorio';
import { cerrarReclamoRecordatorio, detallesParaRecordatorio, reclamarCitasParaRecordar } from './repo';
import { programarTarea } from '../../comun/tarea-periodica';

const INTERVALO_RECORDATORIOS_MS = 60_000;
/** A claim older than this belongs to a process that died before sending (SMTP gives up sooner). */
const RECLAMO_MS = 15 * 60_000;
const LOTE = 100;

type RecordatoriosCtx = Pick<Ctx, 'db' | 'config' | 'mailer' | 'log'>;

/** Claims the reminders due at `ahora` that nobody sent or holds. Returns the claimed ids. */
export async function reclamarRecordatorios(ctx: Pick<RecordatoriosCtx, 'db' | 'config'>, ahora: Date): Promise<number[]> {
  const zona = ctx.config.zonaClinica;
  const hasta = new Date(ahora.getTime() + RECORDATORIO_ANTICIPACION_MS);
  const vencido = new Date(ahora.getTime() - RECLAMO_MS);
  // Wall-clock bounds in the clinic's zone, compared with the stored (fecha, hora_inicio).
  return reclamarCitasParaRecordar(ctx.db, {
    ahora,
    vencido,
    desde: { fecha: fechaEnZona(ahora, zona), hora: horaEnZona(ahora, zona) },
    hasta: { fecha: fechaEnZona(hasta, zona), hora: horaEnZona(hasta, zona) },
    lote: LOTE,
  });
}

/** One pass: claims and sends the reminders due at `ahora`. Returns how many were sent. */
export async function enviarRecordatorios(ctx: RecordatoriosCtx, ahora: Date): Promise<number> {
  const reclamadas = await reclamarRecordatorios(ctx, ahora);
  if (reclamadas.length === 0) return 0;

  const detalles = await detallesParaRecordatorio(ctx.db, reclamadas);

  let enviados = 0;
  for (const d of detalles) {
    // She opposed non-essential mail (decision 377): the reminder is closed unsent, not retried.
    if (await seOpone(ctx.db, d.id_paciente, 'correos')) {
      await cerrarReclamoRecordatorio(ctx.db, { idCita: d.id_cita, reclamadoEn: ahora, enviadoEn: ahora });
      continue;
    }
    try {
      await ctx.mailer.enviar(
        correoRecordatorio({
          para: d.correo,
          nombre: d.nombre,
          psicologo: `${d.psicologoNombre} ${d.psicologoApellido}`,
          fecha: formatoFecha(d.fecha),
          horaInicio: d.hora_inicio.slice(0, 5),
          horaFin: d.hora_fin.slice(0, 5),
          modalidad: d.modalidad,
          direccion: d.direccion,
        }),
      );
    } catch (err) {
      ctx.log.error({ err: { message: (err as Error).message }, id_cita: d.id_cita }, 'no se pudo enviar un recordatorio de cita');
      // Released only if still ours: the next tick tries again.
      await cerrarReclamoRecordatorio(ctx.db, { idCita: d.id_cita, reclamadoEn: ahora, enviadoEn: null });
      continue;
    }
    enviados++;
    // Sent: marked only while the claim is still ours (a reschedule meanwhile cleared it, and the new
    // time must keep its own reminder).
    await cerrarReclamoRecordatorio(ctx.db, { idCita: d.id_cita, reclamadoEn: ahora, enviadoEn: ahora }).catch((err) =>
      ctx.log.error({ err: { message: (err as Error).message }, id_cita: d.id_cita }, 'recordatorio enviado sin poder marcarlo'),
    );
  }
  return enviados;
}

/** Runs a tick every minute from `onReady` until `onClose`; ticks never overlap in one process. */
export function programarRecordatorios(ctx: RecordatoriosCtx, intervaloMs = INTERVALO_RECORDATORIOS_MS) {
  return programarTarea({
    log: ctx.log,
    intervaloMs,
    fallo: 'fallo la tarea de recordatorios',
    tick: () => enviarRecordatorios(ctx, ctx.config.now()),
  });
}
