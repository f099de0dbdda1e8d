import { LINEAS_CRISIS, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { HeartHandshake, Phone, X } from 'lucide-react';

/** Shown to the author of a post with crisis language (docs/decisions/162): the post is published,
 * the moderators were alerted, and the crisis lines of the footer are offered at once. */
export function AvisoCrisis({ onCerrar }: { onCerrar: () => void }) {
  return (
    <section
      role="alert"
      aria-labelledby="crisis-titulo"
      className="mb-4 rounded-xl border border-terracota-200 bg-terracota-50 p-4 text-tinta-800"
      data-aviso-crisis
    >
      <div className="flex items-start gap-3">
        <HeartHandshake className="mt-0.5 size-6 shrink-0 text-terracota-600" aria-hidden />
        <div className="flex-1">
          <h2 id="crisis-titulo" className="font-semibold text-tinta-900">
            {TEXTOS_FOROS.crisisTitulo}
          </h2>
          <p className="mt-1 text-sm">{TEXTOS_FOROS.crisisTexto}</p>
          <ul className="mt-3 flex flex-wrap gap-3">
            {LINEAS_CRISIS.map((l) => (
              <li key={l.telefono}>
                <a
                  href={`tel:${l.telefono.replaceAll(' ', '')}`}
                  className="inline-flex items-center gap-2 rounded-lg bg-papel px-3 py-2 text-sm font-semibold text-terracota-700 shadow-sm hover:bg-terracota-100"
                >
                  <Phone className="size-4" aria-hidden /> {l.nombre} {l.telefono}
                  <span className="font-normal text-tinta-600">({l.detalle})</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <button type="button" onClick={onCerrar} className="rounded p-1 text-tinta-500 hover:bg-terracota-100" aria-label="Cerrar aviso">
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </section>
  );
}
