import type { ConversacionSupervisada } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { Eye, LockOpen } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cx } from '@/lib/cx';
import { fechaHora, horaClinica } from '@/lib/format';
import { hace, nombre } from '../formato';

function Dato({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <dl className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">{etiqueta}</dt>
      <dd className="mt-0.5 text-sm text-tinta-800">{children}</dd>
    </dl>
  );
}

/** One conversation of the list: who, how long the patient waits, activity and marks — never text. */
export function FilaConversacion({
  c,
  ahora,
  onAbrir,
}: {
  c: ConversacionSupervisada;
  ahora: Date;
  onAbrir: (c: ConversacionSupervisada) => void;
}) {
  const paciente = nombre(c.paciente);
  const psicologo = nombre(c.psicologo);
  const crisis = c.crisis.alertas_abiertas > 0 || c.crisis.sin_abrir > 0;
  const abierta = c.mi_apertura && new Date(c.mi_apertura.vence_en) > ahora ? c.mi_apertura : null;
  return (
    <li
      data-fila-supervision={c.id_chat}
      className={cx(
        'grid gap-x-6 gap-y-3 rounded-2xl border bg-papel p-4 shadow-xs lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-center',
        crisis ? 'border-terracota-200 border-l-4 border-l-terracota-500' : 'border-arena-200',
      )}
    >
      <div className="min-w-0">
        <h3 className="font-sans text-base font-semibold text-tinta-900 [overflow-wrap:anywhere]">{paciente}</h3>
        <p className="text-sm text-tinta-600 [overflow-wrap:anywhere]">
          {T.psicologo}: <span className="font-medium text-tinta-800">{psicologo}</span>
        </p>
        {crisis || c.sin_respuesta_48h || abierta ? (
          <div className="mt-2 flex flex-wrap gap-1.5">
            {c.crisis.alertas_abiertas > 0 && <Badge tono="peligro">{T.marcaAlertas(c.crisis.alertas_abiertas)}</Badge>}
            {c.crisis.sin_abrir > 0 && <Badge tono="terracota">{T.marcaSinAbrir(c.crisis.sin_abrir)}</Badge>}
            {c.sin_respuesta_48h && <Badge tono="aviso">{T.marca48h}</Badge>}
            {abierta && <Badge tono="salvia">{T.abiertaHasta(horaClinica(abierta.vence_en))}</Badge>}
          </div>
        ) : null}
      </div>
      <Dato etiqueta="Espera">
        {c.esperando.mensajes > 0 ? (
          <>
            <span className="font-semibold text-tinta-900">{T.esperando(c.esperando.mensajes)}</span>
            {c.esperando.desde && (
              <span className="block" title={fechaHora(c.esperando.desde)}>
                {T.desde(hace(c.esperando.desde, ahora))}
              </span>
            )}
          </>
        ) : (
          T.alDia
        )}
      </Dato>
      <Dato etiqueta={T.ultimaActividad}>
        <span title={fechaHora(c.ultima_actividad)}>{hace(c.ultima_actividad, ahora)}</span>
        <span className="block text-tinta-600">{T.volumen(c.mensajes_7_dias)}</span>
      </Dato>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Button
          tamano="sm"
          variante={abierta ? 'suave' : 'secundario'}
          onClick={() => onAbrir(c)}
          aria-label={`${abierta ? T.verAbierta : T.abrir}: ${T.aperturaDe(paciente, psicologo)}`}
          data-foco={`supervision-${c.id_chat}`}
        >
          {abierta ? <Eye className="size-4" aria-hidden /> : <LockOpen className="size-4" aria-hidden />}
          {abierta ? T.verAbierta : T.abrir}
        </Button>
      </div>
    </li>
  );
}
