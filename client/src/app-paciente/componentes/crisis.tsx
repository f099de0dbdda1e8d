import { Phone, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { rodearConTab } from '../lib/dialogo';

/** The crisis lines, one tap from every screen (issue 17). */
export const LINEAS_CRISIS = [
  { nombre: 'Línea de la Vida', detalle: 'Gratuita, las 24 horas, todos los días', numero: '800 911 2000', tel: '8009112000' },
  { nombre: 'Emergencias', detalle: 'Si tu vida o la de alguien más corre peligro ahora', numero: '911', tel: '911' },
] as const;

export function LineasCrisis() {
  return (
    <ul className="space-y-2">
      {LINEAS_CRISIS.map((l) => (
        <li key={l.tel}>
          <a
            href={`tel:${l.tel}`}
            className="flex min-h-14 items-center gap-3 rounded-xl border border-terracota-200 bg-papel px-4 py-3 text-tinta-900 active:bg-terracota-50"
          >
            <Phone aria-hidden className="size-5 shrink-0 text-terracota-700" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">
                {l.nombre}: {l.numero}
              </span>
              <span className="block text-sm text-tinta-600">{l.detalle}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function BotonCrisis() {
  const [abierto, setAbierto] = useState(false);
  const dialogo = useRef<HTMLDialogElement>(null);
  const boton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialogo.current;
    if (!d) return;
    if (abierto && !d.open) d.showModal();
    if (!abierto && d.open) {
      d.close();
      boton.current?.focus();
    }
  }, [abierto]);
  return (
    <>
      <button
        ref={boton}
        type="button"
        onClick={() => setAbierto(true)}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-terracota-600 px-4 text-sm font-semibold text-white active:bg-terracota-700"
      >
        <Phone aria-hidden className="size-4" />
        Ayuda ahora
      </button>
      <dialog
        ref={dialogo}
        onClose={() => {
          setAbierto(false);
          boton.current?.focus();
        }}
        onKeyDown={rodearConTab}
        aria-labelledby="crisis-titulo"
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-crema p-5 text-tinta-900 backdrop:bg-tinta-900/40"
      >
        <div className="mb-3 flex items-start justify-between gap-2">
          <h2 id="crisis-titulo" className="font-serif text-xl">
            No estás solo ni sola
          </h2>
          <button type="button" onClick={() => setAbierto(false)} className="-m-2 p-2 text-tinta-600" aria-label="Cerrar">
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <p className="mb-4 text-tinta-700">Si sientes que no puedes más, llama ahora. Hay personas listas para escucharte.</p>
        <LineasCrisis />
      </dialog>
    </>
  );
}

/** On the screens before logging in: the same lines, in one line at the foot. */
export function CrisisAlPie() {
  return (
    <p className="mt-10 rounded-xl bg-terracota-50 px-4 py-3 text-center text-sm text-tinta-800">
      ¿Necesitas ayuda ahora? Llama a la{' '}
      <a href="tel:8009112000" className="font-semibold text-terracota-700 underline">
        Línea de la Vida 800 911 2000
      </a>{' '}
      o al{' '}
      <a href="tel:911" className="font-semibold text-terracota-700 underline">
        911
      </a>
      .
    </p>
  );
}
