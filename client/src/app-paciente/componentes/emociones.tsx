// The diary's emotions as the app draws them: a coloured dot, and the large chips that choose one.
import { colorDe, EMOCIONES } from '../lib/actividades-diario';

export function PuntoEmocion({ emocion, className = 'size-3' }: { emocion: string; className?: string }) {
  return <span aria-hidden className={`inline-block shrink-0 rounded-full ${className}`} style={{ background: colorDe(emocion) }} />;
}

/** The emotions as large chips: one tap chooses. */
export function ElegirEmocion({ valor, alElegir, etiqueta }: { valor: string | null; alElegir: (e: string) => void; etiqueta: string }) {
  return (
    <fieldset>
      <legend className="sr-only">{etiqueta}</legend>
      <div className="flex flex-wrap gap-2">
        {EMOCIONES.map((e) => {
          const elegida = valor === e;
          return (
            <button
              key={e}
              type="button"
              aria-pressed={elegida}
              onClick={() => alElegir(e)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3.5 text-base ${
                elegida
                  ? 'border-salvia-600 bg-salvia-50 font-semibold text-salvia-800 outline-2 outline-salvia-200'
                  : 'border-arena-300 bg-papel text-tinta-800'
              }`}
            >
              <PuntoEmocion emocion={e} />
              {e}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
