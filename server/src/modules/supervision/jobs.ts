// The safety net's two timers (decision 366), run every minute on every node, each pass with the
// app's clock (`config.now()`), so tests move time instead of waiting:
// - crisis alerts: a patient's crisis message still unopened ALERTA_CRISIS_MINUTOS after it was
//   sent raises one alert to every administrator. The alert row is the claim (unique message):
//   exactly one node inserts it and tells the administrators; a restart finds the rest still due.
// - 48-hour reminders: one kind mail to the psychologist per waiting stretch, with the appointment
//   reminders' leased claim (agenda/jobs.ts): marked sent once the mail server accepted it, a failed
//   send released, a dead node's claim taken again after RECLAMO_MS.
import { sala } from '@miduelo/shared/realtime';
import { SIN_RESPUESTA_HORAS } from '@miduelo/shared/supervision';
import { auditar, SISTEMA } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { programarTarea } from '../../comun/tarea-periodica';
import { alertaDto } from './alertas';
import { correoSinRespuesta, iniciales } from './correos';
import { alertas, cerrarRecordatorio, detallesRecordatorio, insertarAlertasVencidas, reclamarRecordatorios } from './repo-alertas';
import type { CtxSupervision } from './service';

const INTERVALO_MS = 60_000;
/** A reminder claim older than this belongs to a process that died before sending. */
const RECLAMO_MS = 15 * 60_000;
const LOTE = 100;

type CtxTarea = Pick<CtxSupervision, 'db' | 'config' | 'realtime' | 'mailer' | 'log'>;

/** One pass of the crisis timer at `ahora`. Returns how many alerts this call raised. */
export async function alertarCrisisVencidas(ctx: CtxTarea, ahora: Date): Promise<number> {
  const limite = new Date(ahora.getTime() - ctx.config.alertaCrisisMinutos * 60_000);
  const nuevas = await ctx.db.transaction(async (tx) => {
    const filas = await insertarAlertasVencidas(tx, { limite, ahora, lote: LOTE });
    await auditar(
      tx,
      SISTEMA,
      filas.map((f) => ({
        accion: 'alertar_crisis',
        recurso: 'alerta_crisis',
        idRecurso: f.id_alerta,
        idPaciente: f.id_paciente,
        detalle: { id_chat: f.id_chat, minutos: ctx.config.alertaCrisisMinutos },
      })),
    );
    return filas;
  });
  if (nuevas.length === 0) return 0;
  await avisar(ctx, 'alerta de crisis', async () => {
    for (const f of await alertas(ctx.db, { ids: nuevas.map((n) => n.id_alerta) })) {
      ctx.realtime.emitir(sala.administradores, 'alerta-crisis:nueva', { alerta: alertaDto(f) });
      ctx.realtime.emitir(sala.administradores, 'supervision:cambio', { id_chat: f.id_chat });
    }
  });
  return nuevas.length;
}

/** One pass of the 48-hour reminders at `ahora`. Returns how many mails this call sent. */
export async function recordarSinRespuesta(ctx: CtxTarea, ahora: Date): Promise<number> {
  const reclamados = await reclamarRecordatorios(ctx.db, {
    limite: new Date(ahora.getTime() - SIN_RESPUESTA_HORAS * 3600_000),
    ahora,
    vencido: new Date(ahora.getTime() - RECLAMO_MS),
    lote: LOTE,
  });
  let enviados = 0;
  for (const r of reclamados) {
    const idMensaje = Number(r.id_mensaje);
    try {
      const d = await detallesRecordatorio(ctx.db, r.id_chat);
      if (!d) continue;
      await ctx.mailer.enviar(
        correoSinRespuesta({
          para: d.correo,
          nombre: d.nombre,
          paciente: iniciales(d.pa_nombre, d.pa_apellido_paterno),
          mensajes: Math.max(1, Number(d.esperando)),
          enlace: `${ctx.config.publicUrl}/chat-pacientes-del-psicologo`,
        }),
      );
    } catch (err) {
      ctx.log.error(
        { err: { message: (err as Error).message }, id_chat: r.id_chat },
        'no se pudo enviar un recordatorio de mensajes sin respuesta',
      );
      await cerrarRecordatorio(ctx.db, { idMensaje, reclamadoEn: ahora, enviadoEn: null }).catch(() => undefined);
      continue;
    }
    enviados++;
    await cerrarRecordatorio(ctx.db, { idMensaje, reclamadoEn: ahora, enviadoEn: ahora }).catch((err) =>
      ctx.log.error({ err: { message: (err as Error).message }, id_chat: r.id_chat }, 'recordatorio enviado sin poder marcarlo'),
    );
    await avisar(ctx, 'recordatorio sin respuesta', () =>
      ctx.realtime.emitir(sala.administradores, 'supervision:cambio', { id_chat: r.id_chat }),
    );
  }
  return enviados;
}

/** Both timers, from `onReady` until `onClose`; ticks never overlap in one process. */
export function programarTareasSupervision(ctx: CtxTarea, intervaloMs = INTERVALO_MS) {
  const tareas = [
    programarTarea({
      log: ctx.log,
      intervaloMs,
      fallo: 'fallo la tarea de alertas de crisis',
      tick: () => alertarCrisisVencidas(ctx, ctx.config.now()),
    }),
    programarTarea({
      log: ctx.log,
      intervaloMs,
      fallo: 'fallo la tarea de recordatorios de mensajes sin respuesta',
      tick: () => recordarSinRespuesta(ctx, ctx.config.now()),
    }),
  ];
  return {
    iniciar: () => {
      for (const t of tareas) t.iniciar();
    },
    detener: () => Promise.all(tareas.map((t) => t.detener())),
  };
}
