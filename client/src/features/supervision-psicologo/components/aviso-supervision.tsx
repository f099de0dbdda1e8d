// "Alba Directora abrió tu conversación con Lucía Campos" (issue 55, decision 369): on every screen
// of the psychologist's web app, under the shell's bar like the crisis alert and the waiting-room
// notice, as soon as an administrator opens one of her conversations (`supervision:abierta`, every
// tab). A banner, not a toast: it names a patient, a motive and a reason of up to 500 characters,
// which take time to read, so it stays until she presses "Entendido" (or opens her list); a reload
// or another tab does not lose it (vistas.ts). Loaded lazily, for psychologists only.
import type { Apertura } from '@miduelo/shared/supervision';
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { misSupervisiones } from '@/api/supervision-psicologo';
import { botonClases } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { aperturaLegible, EventoSupervisionAbiertaSchema, TEXTOS_SUPERVISION_PSICOLOGO as T } from '@/lib/supervision-psicologo';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { seguirOtrasPestanas } from '@/nucleo/sesion-almacen';
import { claveVista, guardarVista, leerVista, pendientesDeAviso } from '../vistas';

/** More than this many unread openings: the rest are counted, and listed in her profile. */
const MAXIMO_A_LA_VEZ = 3;

export default function AvisoSupervision() {
  const idPsicologo = useSession((s) => s.usuario?.id_psicologo ?? 0);
  const [vista, setVista] = useState(() => leerVista(idPsicologo));
  useEffect(() => {
    setVista(leerVista(idPsicologo));
    return seguirOtrasPestanas(claveVista(idPsicologo), () => setVista(leerVista(idPsicologo)));
  }, [idPsicologo]);
  // The list catches what a dropped socket missed: polled while it is down, read again on reconnect.
  const { data, setData } = useLiveResource({ fetch: misSupervisiones, deps: [idPsicologo] });
  useEventoSocket('supervision:abierta', EventoSupervisionAbiertaSchema, ({ apertura }) =>
    setData((l) => [apertura, ...(l ?? []).filter((a) => a.id_apertura !== apertura.id_apertura)]),
  );

  const pendientes = pendientesDeAviso(data ?? [], vista, Date.now());
  if (pendientes.length === 0) return null;
  const leido = () => setVista(guardarVista(idPsicologo, Math.max(...pendientes.map((a) => a.id_apertura))));
  const entendido = () => {
    leido();
    // The banner leaves with the focused button: focus goes to the page's content, not to <body>.
    document.getElementById('contenido')?.focus();
  };
  const resto = pendientes.length - MAXIMO_A_LA_VEZ;
  return (
    <section
      aria-labelledby="aviso-supervision-titulo"
      data-aviso-supervision={pendientes.length}
      className="border-b border-info-600/25 bg-info-50"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 text-sm text-tinta-800 sm:px-6">
        <div className="flex items-start gap-2.5">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-info-700" aria-hidden />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h2 id="aviso-supervision-titulo" className="font-sans text-sm font-semibold text-info-700">
              {T.tituloAviso}
            </h2>
            {/* Polite: she hears it once she finishes what she is doing; it is news, not an emergency. */}
            <div role="status">
              <ul className="flex flex-col gap-2.5">
                {pendientes.slice(0, MAXIMO_A_LA_VEZ).map((a) => (
                  <ItemAviso key={a.id_apertura} apertura={a} />
                ))}
              </ul>
            </div>
            {resto > 0 && <p className="text-tinta-600">{T.mas(resto)}</p>}
            <p className="text-tinta-600">{T.soloLectura}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:pl-7.5">
          <Link
            to="/configuracion-perfil"
            hash="supervisiones"
            onClick={leido}
            className={`${botonClases('primario', 'sm')} focus-visible:outline-info-700`}
          >
            {T.verLista}
          </Link>
          <button type="button" onClick={entendido} aria-label={T.entendidoEtiqueta} className={botonClases('secundario', 'sm')}>
            {T.entendido}
          </button>
        </div>
      </div>
    </section>
  );
}

function ItemAviso({ apertura }: { apertura: Apertura }) {
  const a = aperturaLegible(apertura);
  return (
    <li data-apertura={apertura.id_apertura} className="[overflow-wrap:anywhere]">
      <p>
        <strong className="font-semibold text-tinta-900">{a.admin}</strong> abrió tu conversación con{' '}
        <strong className="font-semibold text-tinta-900">{a.paciente}</strong> el {a.cuando} (hasta {a.hasta}).
      </p>
      <p>
        <span className="font-medium text-tinta-900">Motivo:</span> {a.motivo}. <span className="font-medium text-tinta-900">Razón:</span>{' '}
        <q>{a.razon}</q>
      </p>
    </li>
  );
}
