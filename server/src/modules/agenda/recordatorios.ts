// The 24-hour reminder email of every confirmed appointment (decision 040).
// Each tick claims its rows with one atomic UPDATE ... RETURNING: two server processes (or a tick
// that overlaps a restart) never claim the same appointment at once. A claim is a lease: a reminder
// is marked sent only once the mail server accepted it; a failed send releases the claim, and a
// claim whose process died before sending expires after RECLAMO_MS, so the next tick sends it.
import { RECORDATORIO_ANTICIPACION_MS } from '@miduelo/shared/citas';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { cita } from '../../db/schema/agenda';
import { paciente, psicologo } from '../../db/schema/cuentas';
import type { Mailer } from '../../mail/mailer';
import { correoRecordatorio } from './correo-recordatorio';

export const INTERVALO_RECORDATORIOS_MS = 60_000;
/** A claim older than this belongs to a process that died before sending (SMTP gives up sooner). */
export const RECLAMO_MS = 15 * 60_000;
const LOTE = 100;

export interface RecordatoriosCtx {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Claims the reminders due at `ahora` that nobody sent or holds. Returns the claimed ids. */
export async function reclamarRecordatorios(ctx: Pick<RecordatoriosCtx, 'db' | 'config'>, ahora: Date): Promise<number[]> {
  const zona = ctx.config.zonaClinica;
  const hasta = new Date(ahora.getTime() + RECORDATORIO_ANTICIPACION_MS);
  const vencido = new Date(ahora.getTime() - RECLAMO_MS);
  // Wall-clock bounds in the clinic's zone, compared with the stored (fecha, hora_inicio).
  const desdeF = fechaEnZona(ahora, zona);
  const desdeH = horaEnZona(ahora, zona);
  const hastaF = fechaEnZona(hasta, zona);
  const hastaH = horaEnZona(hasta, zona);
  const libre = sql`(${cita.recordatorioReclamadoEn} is null or ${cita.recordatorioReclamadoEn} <= ${vencido.toISOString()}::timestamptz)`;
  const pendientes = sql`select ${cita.id_cita} from ${cita}
    where ${cita.estado} = 'confirmada' and ${cita.recordatorioEnviadoEn} is null and ${libre}
      and (${cita.fecha}, ${cita.hora_inicio}) > (${desdeF}::date, ${desdeH}::time)
      and (${cita.fecha}, ${cita.hora_inicio}) <= (${hastaF}::date, ${hastaH}::time)
    order by ${cita.fecha}, ${cita.hora_inicio}
    limit ${LOTE} for update skip locked`;
  const reclamadas = await ctx.db
    .update(cita)
    .set({ recordatorioReclamadoEn: ahora })
    .where(and(sql`${cita.id_cita} in (${pendientes})`, isNull(cita.recordatorioEnviadoEn), libre))
    .returning({ id_cita: cita.id_cita });
  return reclamadas.map((r) => r.id_cita);
}

/** One pass: claims and sends the reminders due at `ahora`. Returns how many were sent. */
export async function enviarRecordatorios(ctx: RecordatoriosCtx, ahora: Date): Promise<number> {
  const reclamadas = await reclamarRecordatorios(ctx, ahora);
  if (reclamadas.length === 0) return 0;

  const detalles = await ctx.db
    .select({
      id_cita: cita.id_cita,
      fecha: cita.fecha,
      hora_inicio: cita.hora_inicio,
      hora_fin: cita.hora_fin,
      modalidad: cita.modalidad,
      correo: paciente.email,
      nombre: paciente.nombre,
      psicologoNombre: psicologo.nombre,
      psicologoApellido: psicologo.apellidoPaterno,
      direccion: psicologo.direccionConsultorio,
    })
    .from(cita)
    .innerJoin(paciente, eq(paciente.id_paciente, cita.id_paciente))
    .innerJoin(psicologo, eq(psicologo.id_psicologo, cita.id_psicologo))
    .where(inArray(cita.id_cita, reclamadas));

  let enviados = 0;
  for (const d of detalles) {
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
      await ctx.db
        .update(cita)
        .set({ recordatorioReclamadoEn: null })
        .where(and(eq(cita.id_cita, d.id_cita), eq(cita.recordatorioReclamadoEn, ahora)));
      continue;
    }
    enviados++;
    // Sent: marked only while the claim is still ours (a reschedule meanwhile cleared it, and the new
    // time must keep its own reminder).
    await ctx.db
      .update(cita)
      .set({ recordatorioEnviadoEn: ahora })
      .where(and(eq(cita.id_cita, d.id_cita), eq(cita.recordatorioReclamadoEn, ahora)))
      .catch((err) => ctx.log.error({ err: { message: (err as Error).message }, id_cita: d.id_cita }, 'recordatorio enviado sin poder marcarlo'));
  }
  return enviados;
}

/** Runs a tick every minute from `onReady` until `onClose`; ticks never overlap in one process. */
export function programarRecordatorios(ctx: RecordatoriosCtx, intervaloMs = INTERVALO_RECORDATORIOS_MS) {
  let temporizador: NodeJS.Timeout | null = null;
  let enCurso: Promise<unknown> | null = null;
  const tick = () => {
    if (enCurso) return;
    enCurso = enviarRecordatorios(ctx, ctx.config.now())
      .catch((err) => ctx.log.error({ err: { message: (err as Error).message } }, 'fallo la tarea de recordatorios'))
      .finally(() => {
        enCurso = null;
      });
  };
  return {
    iniciar() {
      temporizador ??= setInterval(tick, intervaloMs);
      temporizador.unref();
    },
    async detener() {
      if (temporizador) clearInterval(temporizador);
      temporizador = null;
      await enCurso;
    },
  };
}
