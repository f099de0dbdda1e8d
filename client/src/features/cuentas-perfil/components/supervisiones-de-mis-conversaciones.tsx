// "Supervisiones de mis conversaciones" (issue 55, decision 369): in the psychologist's profile,
// every opening of one of her conversations by an administrator, newest first, with who, which
// patient, why and until when. Live: `supervision:abierta` adds a new one without a reload; while
// the socket is down the list is polled, and read again when it reconnects.
import type { Apertura } from '@miduelo/shared/supervision';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { misSupervisiones } from '@/api/supervision-psicologo';
import { Card } from '@/components/ui/card';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Cargando } from '@/components/ui/spinner';
import {
  aperturaLegible,
  EventoSupervisionAbiertaSchema,
  masRecienteAntes,
  TEXTOS_SUPERVISION_PSICOLOGO as T,
} from '@/lib/supervision-psicologo';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useListaViva } from '@/nucleo/live/use-lista-viva';

export function SupervisionesDeMisConversaciones() {
  const lista = useListaViva<Apertura>({ cargar: misSupervisiones, id: (a) => a.id_apertura, orden: masRecienteAntes });
  useEventoSocket('supervision:abierta', EventoSupervisionAbiertaSchema, ({ apertura }) =>
    lista.aplicar({ tipo: 'guardado', item: apertura }),
  );

  const titulo = useRef<HTMLHeadingElement>(null);
  // The notice's link (…/configuracion-perfil#supervisiones) lands here once the list is shown
  // (the router's own hash scroll runs before the profile has loaded), with focus on the heading:
  // the link the keyboard pressed has left with the notice.
  const llegoPorEnlace = useRef(window.location.hash === '#supervisiones');
  useEffect(() => {
    if (!lista.cargada || !llegoPorEnlace.current) return;
    llegoPorEnlace.current = false;
    titulo.current?.closest('section')?.scrollIntoView({ block: 'start' });
    titulo.current?.focus({ preventScroll: true });
  }, [lista.cargada]);

  return (
    <section id="supervisiones" aria-labelledby="supervisiones-titulo" className="scroll-mt-4">
      <Card className="p-6">
        <h2
          id="supervisiones-titulo"
          ref={titulo}
          tabIndex={-1}
          className="font-sans text-lg font-semibold text-tinta-900 focus:outline-none"
        >
          {T.tituloLista}
        </h2>
        <p className="mb-5 text-sm text-tinta-600">{T.explicacionLista}</p>
        {!lista.cargada && lista.error ? (
          <ErrorCarga texto={T.errorLista} onReintentar={lista.recargar} />
        ) : !lista.cargada ? (
          <Cargando texto="Cargando supervisiones..." />
        ) : lista.items.length === 0 ? (
          <p className="flex items-center gap-2.5 rounded-xl bg-arena-50 px-4 py-4 text-sm text-tinta-700" data-supervisiones-vacia>
            <ShieldCheck className="size-5 shrink-0 text-salvia-600" aria-hidden />
            {T.vacia}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {lista.items.map((a) => (
              <ItemSupervision key={a.id_apertura} apertura={a} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function ItemSupervision({ apertura }: { apertura: Apertura }) {
  const a = aperturaLegible(apertura);
  return (
    <li data-apertura={apertura.id_apertura} className="rounded-xl border border-arena-200 px-4 py-3 text-sm">
      <p className="mb-2 font-medium text-tinta-900 tabular-nums">
        {a.cuando} <span className="font-normal text-tinta-600">· hasta {a.hasta}</span>
      </p>
      {/* Label beside its value from 640 px; above it on a phone, where a label column would
          squeeze a 500-character reason into a third of the width. */}
      <dl className="grid gap-x-4 [overflow-wrap:anywhere] sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1">
        <Dato etiqueta="Administración">{a.admin}</Dato>
        <Dato etiqueta="Paciente">{a.paciente}</Dato>
        <Dato etiqueta="Motivo">{a.motivo}</Dato>
        <Dato etiqueta="Razón">
          <span className="whitespace-pre-line">{a.razon}</span>
        </Dato>
      </dl>
    </li>
  );
}

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <>
      <dt className="mt-2 text-xs font-medium text-tinta-600 first:mt-0 sm:mt-0 sm:text-sm sm:font-normal">{etiqueta}</dt>
      <dd className="text-tinta-900">{children}</dd>
    </>
  );
}
