// Derechos ARCO (issue 56, decision 378): the administrators' queue of cancellation and opposition
// requests, live (`derechos:solicitud` reads the list again; 30-s polling while the socket is down),
// pending first by deadline, each with its business days left or overdue, and resolved from here.
import { ETIQUETA_TIPO_ARCO, SolicitudArcoEventoSchema, type SolicitudArcoAdmin } from '@miduelo/shared/derechos-solicitudes';
import { formatoFecha } from '@miduelo/shared/fechas';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { listarSolicitudesArco } from '@/api/derechos-solicitudes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import { fechaHora } from '@/lib/format';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { DialogoResolver } from './dialogo-resolver';
import { nombrePaciente, textoPlazo } from './formato';

function Plazo({ s }: { s: SolicitudArcoAdmin }) {
  if (s.estado === 'resuelta')
    return (
      <Badge tono={s.resultado === 'procedente' ? 'exito' : 'neutro'}>{s.resultado === 'procedente' ? 'Procedente' : 'Improcedente'}</Badge>
    );
  const d = s.dias_habiles_restantes;
  return <Badge tono={d < 0 ? 'peligro' : d <= 5 ? 'aviso' : 'salvia'}>{textoPlazo(d)}</Badge>;
}

function Fila({ s, onResolver }: { s: SolicitudArcoAdmin; onResolver: (s: SolicitudArcoAdmin) => void }) {
  return (
    <li className="rounded-2xl border border-arena-200 bg-papel p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-terracota-700 uppercase">{ETIQUETA_TIPO_ARCO[s.tipo]}</p>
          <h3 className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{nombrePaciente(s)}</h3>
          <p className="text-sm text-tinta-600 [overflow-wrap:anywhere]">{s.paciente.email}</p>
        </div>
        <Plazo s={s} />
      </div>
      <p className="mt-2 text-sm text-tinta-800 [overflow-wrap:anywhere]">
        <span className="font-medium">Motivo: </span>
        {s.motivo ?? 'Borrado con la cancelación'}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-tinta-700 sm:grid-cols-3">
        <div>
          <dt className="inline font-medium">Recibida: </dt>
          <dd className="inline">{fechaHora(s.recibida_en)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Plazo legal: </dt>
          <dd className="inline">{formatoFecha(s.vence_el)}</dd>
        </div>
        {s.resuelta_en && (
          <div>
            <dt className="inline font-medium">Resuelta: </dt>
            <dd className="inline">{fechaHora(s.resuelta_en)}</dd>
          </div>
        )}
      </dl>
      {s.respuesta && <p className="mt-2 text-sm text-tinta-700 [overflow-wrap:anywhere]">Respuesta: «{s.respuesta}»</p>}
      {s.estado === 'pendiente' && (
        <div className="mt-3">
          <Button tamano="sm" variante={s.tipo === 'cancelacion' ? 'peligro' : 'primario'} onClick={() => onResolver(s)}>
            {s.tipo === 'cancelacion' ? 'Resolver la cancelación' : 'Responder la oposición'}
          </Button>
        </div>
      )}
    </li>
  );
}

export function PantallaSolicitudes() {
  const [estado, setEstado] = useState<'pendientes' | 'todas'>('pendientes');
  const lista = useLiveResource({ fetch: (signal) => listarSolicitudesArco(estado, signal), deps: [estado] });
  useEventoSocket('derechos:solicitud', SolicitudArcoEventoSchema, () => void lista.recargar());
  const [resolviendo, setResolviendo] = useState<SolicitudArcoAdmin | null>(null);

  return (
    <div className="flex flex-col">
      <fieldset className="mb-4 flex gap-2">
        <legend className="sr-only">Qué solicitudes mostrar</legend>
        {(['pendientes', 'todas'] as const).map((x) => (
          <Button
            key={x}
            tamano="sm"
            variante={estado === x ? 'suave' : 'fantasma'}
            aria-pressed={estado === x}
            onClick={() => setEstado(x)}
          >
            {x === 'pendientes' ? 'Pendientes' : 'Todas'}
          </Button>
        ))}
      </fieldset>
      <div aria-busy={lista.cargando || undefined}>
        {lista.error && !lista.data ? (
          <ErrorCarga texto="No se pudieron cargar las solicitudes." onReintentar={() => void lista.recargar()} />
        ) : !lista.data ? (
          <Cargando texto="Cargando solicitudes..." />
        ) : lista.data.length === 0 ? (
          <EmptyState
            icono={ShieldCheck}
            titulo={estado === 'pendientes' ? 'No hay solicitudes pendientes' : 'Aún no hay solicitudes'}
            texto="Cuando una paciente pida cancelar sus datos u oponerse a su uso, aparecerá aquí al momento."
          />
        ) : (
          <ul aria-label="Solicitudes ARCO" className="flex flex-col gap-3">
            {lista.data.map((s) => (
              <Fila key={s.id_solicitud} s={s} onResolver={setResolviendo} />
            ))}
          </ul>
        )}
      </div>
      {resolviendo && (
        <DialogoResolver
          s={resolviendo}
          onCerrar={(resuelta) => {
            setResolviendo(null);
            if (resuelta) void lista.recargar();
          }}
        />
      )}
    </div>
  );
}
