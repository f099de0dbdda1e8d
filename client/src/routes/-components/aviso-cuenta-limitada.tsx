// The limited-account banner of a psychologist whose licence is not validated after the grace
// period (decision 002). Kept live: an administrator's validation lifts it at once
// (`cuenta:actualizada`). Loaded lazily, after the first paint, outside the first-load budget.
import { MSG } from '@miduelo/shared/cuentas-textos';
import { CuentaActualizadaSchema } from '@miduelo/shared/realtime-cuentas';
import { BadgeAlert } from 'lucide-react';
import { obtenerPerfil } from '@/api/cuentas-perfil';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';

export default function AvisoCuentaLimitada() {
  const perfil = useLiveResource({ fetch: obtenerPerfil });
  useEventoSocket('cuenta:actualizada', CuentaActualizadaSchema, (e) => perfil.setData((p) => (p ? { ...p, ...e } : p)));
  if (!perfil.data?.cuenta_limitada) return null;
  return (
    <div role="status" data-aviso-limitada className="border-b border-pendiente-borde bg-aviso-50">
      <p className="mx-auto flex max-w-6xl items-start gap-2.5 px-4 py-3 text-sm text-aviso-700 sm:px-6">
        <BadgeAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Acceso limitado.</strong> {MSG.advertenciaLimitada}
        </span>
      </p>
    </div>
  );
}
