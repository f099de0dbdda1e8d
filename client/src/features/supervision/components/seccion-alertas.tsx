import type { AlertaCrisis } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { Siren } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorCarga } from '@/components/ui/error-carga';
import { fechaHora } from '@/lib/format';
import { useAlertasAdmin } from '../alertas';
import { hace, nombre } from '../formato';

/** The open crisis alerts, on top of Supervisión (decision 366): who, with whom, since when. No text. */
export function SeccionAlertas({
  ahora,
  onAtender,
  onAbrir,
}: {
  ahora: Date;
  onAtender: (a: AlertaCrisis) => void;
  onAbrir: (a: AlertaCrisis) => void;
}) {
  const { alertas, error, recargar } = useAlertasAdmin();
  if (error) return <ErrorCarga texto={T.errorAlertas} onReintentar={recargar} className="mb-6" />;
  if (!alertas || alertas.length === 0) return null;
  return (
    <section
      id="alertas-crisis"
      aria-labelledby="alertas-crisis-titulo"
      tabIndex={-1}
      className="mb-8 scroll-mt-24 rounded-2xl border border-terracota-200 bg-terracota-50 p-4 sm:p-5"
    >
      <h2 id="alertas-crisis-titulo" className="flex items-center gap-2 font-sans text-lg font-semibold text-tinta-900">
        <Siren className="size-5 text-terracota-600" aria-hidden />
        {T.alertasTitulo} ({alertas.length})
      </h2>
      <p className="mt-1 text-sm text-tinta-700">{T.alertasExplica}</p>
      <ul className="mt-4 flex flex-col gap-3">
        {alertas.map((a) => {
          const paciente = nombre(a.paciente);
          const psicologo = nombre(a.psicologo);
          return (
            <li
              key={a.id_alerta}
              data-alerta-admin={a.id_alerta}
              className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-terracota-200 bg-papel p-3.5"
            >
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{paciente}</p>
                <p className="text-sm text-tinta-700 [overflow-wrap:anywhere]">
                  {T.psicologo}: {psicologo}
                </p>
                <p className="text-sm text-terracota-700" title={fechaHora(a.enviado_en)}>
                  {T.alertaDesde(hace(a.enviado_en, ahora))}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  tamano="sm"
                  variante="secundario"
                  onClick={() => onAbrir(a)}
                  aria-label={`${T.abrir}: ${T.aperturaDe(paciente, psicologo)}`}
                  data-foco={`alerta-abrir-${a.id_alerta}`}
                >
                  {T.abrir}
                </Button>
                <Button tamano="sm" onClick={() => onAtender(a)} aria-label={T.atenderCon(paciente)} data-foco="alertas-crisis">
                  {T.atender}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
