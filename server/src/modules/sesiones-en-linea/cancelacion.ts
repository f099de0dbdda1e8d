// An "En línea" appointment cancelled, or moved to "Presencial", while its room is open: the room
// ends at once (decision 372). Both parties in it are told the session ended and leave the room; the
// patient's app stops offering it; entering again is refused by the appointment's state, as before.
// Observed on the agenda's own `cita:cambio` emission (this module does not import the agenda's
// internals), on the node that made the change; the room's events cross nodes through the adapter.
// The room is recorded as ended by its window (`terminada_por = 'ventana'`): the appointment's
// cancellation is the record of why, and no new value is needed.
import type { CitaCambio } from '@miduelo/shared/realtime-agenda';
import type { FastifyInstance } from 'fastify';
import { errorParaRegistro } from '../../plugins/errors';
import type { SalaCreada } from './dto';
import { publicarTerminada } from './eventos';
import { salaDeCita, terminarPorVentana } from './repo';

/** Whether a change leaves an appointment without an online room. */
export function dejaSinSala(p: Pick<CitaCambio, 'tipo' | 'cita'>): boolean {
  return p.tipo === 'actualizada' && (p.cita.estado === 'cancelada' || p.cita.modalidad !== 'En línea');
}

export function cerrarSalasDeCitasCanceladas(app: FastifyInstance): void {
  const { ctx } = app;
  async function cerrar(idCita: number) {
    const s = await salaDeCita(ctx.db, ctx.config.zonaClinica, idCita);
    if (!s || s.id_sesion === null || s.terminada_en) return;
    const ahora = ctx.config.now();
    const terminadas = await terminarPorVentana(ctx.db, [{ id_sesion: s.id_sesion, cierra_en: ahora }]);
    if (terminadas.has(s.id_sesion)) publicarTerminada(ctx.realtime, { ...s, terminada_en: ahora, terminada_por: 'ventana' } as SalaCreada);
  }
  // `cita:cambio` goes once, to the psychologist's room: one close per change.
  app.realtime.alEmitir((_salas, evento, ...args) => {
    if (evento !== 'cita:cambio') return;
    const p = args[0] as CitaCambio;
    if (!dejaSinSala(p)) return;
    cerrar(p.cita.id_cita).catch((err: unknown) => {
      ctx.log.error({ err: errorParaRegistro(err) }, 'sesiones en línea: no se pudo cerrar la sala de una cita cancelada');
    });
  });
}
