// The anniversary mail to the psychologist (decision 129), shaped like the agenda's reminders
// (decision 040): each tick claims its (patient, year) rows with one atomic upsert ... returning, so
// two processes never claim the same anniversary at once; a claim is a lease, marked sent only once
// the mail server accepted the message; a failed send releases it and a claim whose process died
// expires after RECLAMO_MS. The primary key (patient, year) makes it at most one mail a year.
import { AVISO_ANIVERSARIO_DIAS, aniversarioPorAvisar } from '@miduelo/shared/pacientes-aniversario';
import { sumarDias } from '@miduelo/shared/agenda-tiempo';
import { formatoFecha } from '@miduelo/shared/fechas';
import { leerFechaPerdida } from '../../comun/perdida';
import { momentoClinica } from '../../comun/reloj';
import type { Ctx } from '../../plugins/contexto';
import { correoAniversario } from './correo-aniversario';
import { cerrarAvisoAniversario, candidatosAniversario, reclamarAvisoAniversario } from './repo';
import { programarTarea } from '../../comun/tarea-periodica';

const INTERVALO_MS = 10 * 60_000;
/** A claim older than this belongs to a process that died before sending (SMTP gives up sooner). */
const RECLAMO_MS = 15 * 60_000;

type AvisosCtx = Pick<Ctx, 'db' | 'config' | 'mailer' | 'log' | 'cifrador'>;

/** The month-days of tomorrow … today + 7 (29 February also when 28 February is among them). */
function diasDelAviso(hoy: string): string[] {
  const dias = Array.from({ length: AVISO_ANIVERSARIO_DIAS }, (_, i) => sumarDias(hoy, i + 1).slice(5));
  if (dias.includes('02-28')) dias.push('02-29');
  return dias;
}

/** One pass at `ahora`: claims and mails the anniversaries of the coming week. Returns how many sent. */
export async function enviarAvisosAniversario(ctx: AvisosCtx, ahora: Date): Promise<number> {
  const { hoy } = momentoClinica({ now: () => ahora, zonaClinica: ctx.config.zonaClinica });
  // The dates are encrypted (decision 336): every loss is read and opened, the coming week's kept.
  // About 5 µs per recorded loss on an idle core (10,000 losses: ~50 ms of CPU every 10 minutes).
  const dias = new Set(diasDelAviso(hoy));
  const candidatos = (await candidatosAniversario(ctx.db))
    .map((c) => ({ ...c, fecha_perdida: leerFechaPerdida(ctx.cifrador, c.fecha_perdida) as string }))
    .filter((c) => dias.has(c.fecha_perdida.slice(5)));
  let enviados = 0;
  for (const c of candidatos) {
    const fecha = aniversarioPorAvisar(c.fecha_perdida, hoy);
    if (!fecha) continue;
    const anio = Number(fecha.slice(0, 4));
    const ok = await reclamarAvisoAniversario(ctx.db, {
      idPaciente: c.id_paciente,
      anio,
      fecha,
      ahora,
      vencido: new Date(ahora.getTime() - RECLAMO_MS),
    });
    if (!ok) continue;
    try {
      await ctx.mailer.enviar(
        correoAniversario({
          para: c.correo,
          psicologo: c.psicologoNombre,
          paciente: [c.nombre, c.apellido_paterno, c.apellido_materno].filter(Boolean).join(' '),
          fecha: formatoFecha(fecha),
          anios: anio - Number(c.fecha_perdida.slice(0, 4)),
        }),
      );
    } catch (err) {
      ctx.log.error({ err: { message: (err as Error).message }, id_paciente: c.id_paciente }, 'no se pudo enviar un aviso de aniversario');
      await cerrarAvisoAniversario(ctx.db, { idPaciente: c.id_paciente, anio, reclamadoEn: ahora, enviadoEn: null });
      continue;
    }
    enviados++;
    await cerrarAvisoAniversario(ctx.db, { idPaciente: c.id_paciente, anio, reclamadoEn: ahora, enviadoEn: ahora }).catch((err) =>
      ctx.log.error(
        { err: { message: (err as Error).message }, id_paciente: c.id_paciente },
        'aviso de aniversario enviado sin poder marcarlo',
      ),
    );
  }
  return enviados;
}

/** Runs a tick every INTERVALO_MS from `onReady` until `onClose`; ticks never overlap in one process. */
export function programarAvisosAniversario(ctx: AvisosCtx, intervaloMs = INTERVALO_MS) {
  return programarTarea({
    log: ctx.log,
    intervaloMs,
    fallo: 'fallo la tarea de avisos de aniversario',
    tick: () => enviarAvisosAniversario(ctx, ctx.config.now()),
  });
}
