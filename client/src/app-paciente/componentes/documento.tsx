// One consent document as the app shows it (decision 187): its title, the whole text in a calm
// scrollable box that can be read with the finger or the keyboard, and its own checkbox.
import type { TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import type { DocumentoVigente } from '../api/cuentas-consentimiento';

export const ACEPTO: Record<TipoConsentimiento, string> = {
  aviso_privacidad: 'He leído y acepto el aviso de privacidad',
  consentimiento_informado: 'He leído y acepto la carta de consentimiento informado',
};

export function Documento({
  doc,
  aceptado,
  alCambiar,
  error,
}: {
  doc: DocumentoVigente;
  aceptado: boolean;
  alCambiar: (aceptado: boolean) => void;
  error?: boolean;
}) {
  const id = `doc-${doc.tipo}`;
  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-2xl border border-arena-200 bg-papel p-4">
      <h2 id={`${id}-titulo`} className="font-serif text-xl text-tinta-900 [overflow-wrap:anywhere]">
        {doc.titulo}
      </h2>
      <p className="mt-0.5 text-sm text-tinta-500">Versión {doc.version}</p>
      {/* Browsers make a scrollable box reachable with the keyboard by themselves. */}
      <section
        aria-label={`Texto: ${doc.titulo}`}
        className="mt-3 max-h-64 overflow-y-auto rounded-xl bg-crema px-4 py-3 text-base leading-relaxed whitespace-pre-line text-tinta-800 [overflow-wrap:anywhere] focus:outline-2 focus:outline-salvia-300"
      >
        {doc.texto}
      </section>
      <label className="mt-3 flex min-h-12 items-start gap-3 text-tinta-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-salvia-600"
          checked={aceptado}
          aria-invalid={error && !aceptado ? true : undefined}
          onChange={(e) => alCambiar(e.target.checked)}
        />
        <span>{ACEPTO[doc.tipo]}</span>
      </label>
    </section>
  );
}
