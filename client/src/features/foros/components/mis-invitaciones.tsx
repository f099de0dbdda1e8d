// 'Mis Invitaciones' (spec 2 §2 Invitations, §4): state badges, Aceptar/Rechazar on pending ones,
// the list and the bar's count refreshed after answering (and live when a new one arrives, one is
// answered in another tab or one goes with its deleted forum).
import { type Invitacion, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { EventoInvitacionesSchema, EventoInvitacionSchema } from '@miduelo/shared/realtime-foros';
import { Inbox } from 'lucide-react';
import { misInvitaciones, responderInvitacion } from '@/api/foros';
import { Badge, type TonoBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { fijarPendientes } from '@/lib/invitaciones-pendientes';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { fechaHora } from '@/lib/format';

const TONO: Record<string, TonoBadge> = { pendiente: 'pendiente', aceptada: 'confirmada', rechazada: 'cancelada' };

export function MisInvitaciones() {
  const lista = useLiveResource({ fetch: (signal) => misInvitaciones('', signal) });
  useEventoSocket('foro:invitacion', EventoInvitacionSchema, () => lista.recargar());
  useEventoSocket('foro:invitaciones', EventoInvitacionesSchema, () => lista.recargar());

  async function responder(inv: Invitacion, aceptar: boolean) {
    if (
      !(await confirmar({
        titulo: TEXTOS_FOROS.confirmarResponder(aceptar),
        confirmar: aceptar ? TEXTOS_FOROS.aceptar : TEXTOS_FOROS.rechazar,
      }))
    )
      return;
    try {
      await responderInvitacion(inv.id_invitacion, aceptar);
      toast.exito(aceptar ? TEXTOS_FOROS.aceptada : TEXTOS_FOROS.rechazada);
    } catch {
      toast.error(TEXTOS_FOROS.errorResponder);
    }
    lista.recargar();
    try {
      fijarPendientes((await misInvitaciones('pendiente')).data.length);
    } catch {
      // The bar keeps its count; the socket corrects it.
    }
  }

  // A failed load just stops loading (spec 2 §8).
  if (lista.cargando && !lista.data)
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-salvia-500" etiqueta="Cargando invitaciones" />
      </div>
    );
  const items = lista.data?.data ?? [];
  if (items.length === 0) return <EmptyState icono={Inbox} titulo={TEXTOS_FOROS.sinInvitaciones} texto="" />;
  return (
    <ul className="flex flex-col gap-3" data-invitaciones>
      {items.map((inv) => (
        <li key={inv.id_invitacion}>
          <Card className="flex flex-wrap items-start justify-between gap-4 p-5" data-invitacion={inv.estado}>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{inv.foro.titulo}</p>
              <p className="text-sm text-tinta-700">
                {inv.invitador.nombre} {inv.invitador.apellidoPaterno} {TEXTOS_FOROS.teInvito}
              </p>
              {inv.mensaje ? <p className="mt-2 text-sm text-tinta-600 italic [overflow-wrap:anywhere]">“{inv.mensaje}”</p> : null}
              <p className="mt-2 text-xs text-tinta-500">{fechaHora(inv.fecha_invitacion)}</p>
            </div>
            <div className="flex flex-col items-end gap-3">
              <Badge tono={TONO[inv.estado] ?? 'otro'}>{TEXTOS_FOROS.estados[inv.estado] ?? inv.estado}</Badge>
              {inv.estado === 'pendiente' ? (
                <div className="flex gap-2">
                  <Button tamano="sm" onClick={() => void responder(inv, true)}>
                    {TEXTOS_FOROS.aceptar}
                  </Button>
                  <Button tamano="sm" variante="secundario" onClick={() => void responder(inv, false)}>
                    {TEXTOS_FOROS.rechazar}
                  </Button>
                </div>
              ) : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
