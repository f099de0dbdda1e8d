// Feeds the bar's pending-invitation count (loaded once at start, then the socket) and tells a
// moderator at once of reports and crisis alerts of their forums. Lazy: not in the first load.
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
import { useEventoSocket } from '@/lib/live/use-evento-socket';
import { useLiveResource } from '@/lib/live/use-live-resource';
import { toast } from '@/lib/toast';

export default function AlimentarForos() {
  const pendientes = useLiveResource({ fetch: (signal) => misInvitaciones('pendiente', signal), vigilar: false });
  useEffect(() => {
    if (pendientes.data) fijarPendientes(pendientes.data.data.length);
  }, [pendientes.data]);
  useEventoSocket('foro:invitacion', EventoInvitacionSchema, (e) => {
    fijarPendientes(e.pendientes);
    toast.info(AVISOS_FOROS.invitacionRecibida(e.titulo_foro));
  });
  useEventoSocket('foro:invitaciones', EventoInvitacionesSchema, (e) => fijarPendientes(e.pendientes));
  useEventoSocket('foro:reporte', EventoReporteSchema, (e) => toast.aviso(AVISOS_FOROS.reporteRecibido(e.titulo_foro)));
  useEventoSocket('foro:alerta-crisis', EventoAlertaCrisisSchema, (e) =>
    toast.error(AVISOS_FOROS.alertaCrisis(e.titulo_foro), undefined, { duracion: 15_000 }),
  );
  return null;
}
