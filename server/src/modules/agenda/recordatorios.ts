// The 24-hour reminder email of every confirmed appointment (decision 040).
// Each tick claims its rows with one atomic UPDATE ... WHERE recordatorio_enviado_en IS NULL
// RETURNING: two server processes (or a tick that overlaps a restart) can never claim the same
// appointment twice, so a reminder goes out once. A failed send releases the claim for a retry.
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
const LOTE = 100;

export interface RecordatoriosCtx {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** One pass: claims and sends the reminders due at `ahora`. Returns how many were sent. */
export async function enviarRecordatorios(ctx: RecordatoriosCtx, ahora: Date): Promise<number> {
  const zona = ctx.config.zonaClinica;
  const hasta = new Date(ahora.getTime() + RECORDATORIO_ANTICIPACION_MS);
  // Wall-clock bounds in the clinic's zone, compared with the stored (fecha, hora_inicio).
  const desdeF = fechaEnZona(ahora, zona);
  const desdeH = horaEnZona(ahora, zona);
  const hastaF = fechaEnZona(hasta, zona);
  const hastaH = horaEnZona(hasta, zona);
  const pendientes = sql`select ${cita.id_cita} from ${cita}
    where ${cita.estado} = 'confirmada' and ${cita.recordatorioEnviadoEn} is null
      and (${cita.fecha}, ${cita.hora_inicio}) > (${desdeF}::date, ${desdeH}::time)
      and (${cita.fecha}, ${cita.hora_inicio}) <= (${hastaF}::date, ${hastaH}::time)
    order by ${cita.fecha}, ${cita.hora_inicio}
    limit ${LOTE} for update skip locked`;
  const reclamadas = await ctx.db
    .update(cita)
    .set({ recordatorioEnviadoEn: ahora })
    .where(and(sql`${cita.id_cita} in (${pendientes})`, isNull(cita.recordatorioEnviadoEn)))
    .returning({ id_cita: cita.id_cita });
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
    .where(inArray(cita.id_cita, reclamadas.map((r) => r.id_cita)));

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
      enviados++;
    } catch (err) {
      ctx.log.error({ err: { message: (err as Error).message }, id_cita: d.id_cita }, 'no se pudo enviar un recordatorio de cita');
      // Released only if still ours: the next tick tries again.
      await ctx.db
        .update(cita)
        .set({ recordatorioEnviadoEn: null })
        .where(and(eq(cita.id_cita, d.id_cita), eq(cita.recordatorioEnviadoEn, ahora)));
    }
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
