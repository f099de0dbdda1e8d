// "Alertas de crisis (N)" under the administrator's top bar, on every screen while an alert is open
// (issue 55, decision 368). It also feeds the alerts every administrator screen shares: loaded once,
// kept live by `alerta-crisis:nueva` / `alerta-crisis:reconocida`, polled every 30 s while the socket
// is down. Loaded lazily, for administrators only (the login and agenda budgets do not pay for it).
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { Link } from '@tanstack/react-router';
import { Siren } from 'lucide-react';
import { useEffect } from 'react';
import { listarAlertasCrisis } from '@/api/supervision';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { conAlerta, sinAlerta, useAlertasAdmin } from '../alertas';
import { AlertaNuevaSchema, AlertaReconocidaSchema } from '../eventos';

function useAlimentarAlertas() {
  const r = useLiveResource({ fetch: listarAlertasCrisis });
  const { data, error, recargar, setData } = r;
  useEventoSocket('alerta-crisis:nueva', AlertaNuevaSchema, (e) => setData((d) => conAlerta(d, e.alerta)));
  useEventoSocket('alerta-crisis:reconocida', AlertaReconocidaSchema, (e) => setData((d) => sinAlerta(d, e.id_alerta)));
  useEffect(() => {
    useAlertasAdmin.setState({
      alertas: data ?? null,
      error: Boolean(error) && !data,
      recargar: () => void recargar(),
      quitar: (id) => setData((d) => sinAlerta(d, id)),
    });
  }, [data, error, recargar, setData]);
  useEffect(() => () => useAlertasAdmin.setState({ alertas: null, error: false }), []);
  return data ?? [];
}

export default function AvisoAlertasCrisis() {
  const alertas = useAlimentarAlertas();
  if (alertas.length === 0) return null;
  return (
    <div role="alert" data-alertas-crisis-admin={alertas.length} className="border-b border-terracota-200 bg-terracota-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm text-tinta-800 sm:px-6">
        <p className="flex min-w-0 flex-1 basis-64 items-start gap-2.5">
          <Siren className="mt-0.5 size-5 shrink-0 text-terracota-600" aria-hidden />
          <span>{T.barraExplica}</span>
        </p>
        <Link
          to="/admin/supervision"
          hash="alertas-crisis"
          className="inline-flex min-h-9 items-center rounded-lg bg-terracota-600 px-3 font-semibold text-white hover:bg-terracota-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-terracota-600"
        >
          {T.barraAlertas(alertas.length)}
        </Link>
      </div>
    </div>
  );
}
