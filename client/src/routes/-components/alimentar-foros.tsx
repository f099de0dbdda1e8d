// Feeds the bar's pending-invitation count (loaded at start, then the socket; read again after an
// outage) and tells a moderator at once of reports and crisis alerts of their forums. Lazy: not in
// the first load.
import {
  AVISOS_FOROS,
  EventoAlertaCrisisSchema,
  EventoInvitacionesSchema,
  EventoInvitacionSchema,
  EventoReporteSchema,
} from '@miduelo/shared/foros-avisos';
import { useEffect } from 'react';
import { misInvitaciones } from '@/api/foros';
import { fijarPendientes } from '@/lib/invitaciones-pendientes';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';

// Counts set by live events, numbered: a read that started before one of them (and may answer after
// it) does not overwrite it with an older figure.
let eventos = 0;
const porEvento = (pendientes: number) => {
  eventos++;
  fijarPendientes(pendientes);
};

export default function AlimentarForos() {
  // Read at start, again when the socket comes back and every 30 s while it is down: an invitation
  // received, answered in another tab or gone with its forum meanwhile moves the count, as every
  // live list does (ARCHITECTURE.md, Real time).
  const pendientes = useLiveResource({
    fetch: async (signal) => {
      const desde = eventos;
      return { desde, n: (await misInvitaciones('pendiente', signal)).data.length };
    },
  });
  useEffect(() => {
    if (pendientes.data && pendientes.data.desde === eventos) fijarPendientes(pendientes.data.n);
  }, [pendientes.data]);
  useEventoSocket('foro:invitacion', EventoInvitacionSchema, (e) => {
    porEvento(e.pendientes);
    toast.info(AVISOS_FOROS.invitacionRecibida(e.titulo_foro));
  });
  useEventoSocket('foro:invitaciones', EventoInvitacionesSchema, (e) => porEvento(e.pendientes));
  useEventoSocket('foro:reporte', EventoReporteSchema, (e) => toast.aviso(AVISOS_FOROS.reporteRecibido(e.titulo_foro)));
  useEventoSocket('foro:alerta-crisis', EventoAlertaCrisisSchema, (e) =>
    toast.error(AVISOS_FOROS.alertaCrisis(e.titulo_foro), undefined, { duracion: 15_000 }),
  );
  return null;
}
