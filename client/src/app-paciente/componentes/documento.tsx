// One consent document as the app shows it (decision 187): its title, the whole text in a calm
// scrollable box that can be read with the finger or the keyboard, and its own checkbox.
import type { TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import { ChevronDown } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
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
  const caja = useRef<HTMLElement>(null);
  const [hayMas, setHayMas] = useState(false);
  const medir = useCallback(() => {
    const c = caja.current;
    if (c) setHayMas(c.scrollTop + c.clientHeight < c.scrollHeight - 4);
  }, []);
  // Measured again when the text changes and when the box changes size (rotation, zoom, fonts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text overflows differently in a box of the same size
  useLayoutEffect(() => {
    medir();
    const c = caja.current;
    if (!c || typeof ResizeObserver === 'undefined') return;
    const o = new ResizeObserver(medir);
    o.observe(c);
    return () => o.disconnect();
  }, [medir, doc.texto]);
  return (
    <section aria-labelledby={`${id}-titulo`} className="rounded-2xl border border-arena-200 bg-papel p-4">
      <h2 id={`${id}-titulo`} className="font-serif text-xl text-tinta-900 [overflow-wrap:anywhere]">
        {doc.titulo}
      </h2>
      <p className="mt-0.5 text-sm text-tinta-500">Versión {doc.version}</p>
      {/* Reachable with the keyboard to scroll it: not every browser makes a scrollable box a Tab
          stop by itself, and axe asks for it (issue 53). While text remains below, the box fades
          at its foot and says so: a paragraph that ends exactly at the box's edge made the text look
          complete while more followed (decision 367). */}
      <div className="relative mt-3">
        <section
          ref={caja}
          onScroll={medir}
          aria-label={`Texto: ${doc.titulo}`}
          aria-describedby={hayMas ? `${id}-mas` : undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable text must be reachable to be scrolled by keyboard
          tabIndex={0}
          className="max-h-64 overflow-y-auto rounded-xl bg-crema px-4 py-3 text-base leading-relaxed whitespace-pre-line text-tinta-800 [overflow-wrap:anywhere] focus:outline-2 focus:outline-salvia-300"
        >
          {doc.texto}
        </section>
        {hayMas && (
          <div
            aria-hidden
            className="pointer-events-none absolute inset-x-0 bottom-0 h-12 rounded-b-xl bg-gradient-to-t from-crema to-transparent"
          />
        )}
      </div>
      {hayMas && (
        <p id={`${id}-mas`} className="mt-1 flex items-center gap-1 text-sm text-tinta-600">
          <ChevronDown aria-hidden className="size-4 shrink-0" /> Hay más texto: desliza para leerlo todo.
        </p>
      )}
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
