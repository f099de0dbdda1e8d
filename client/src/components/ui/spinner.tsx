import { cx } from '@/lib/cx';

interface SpinnerProps {
  className?: string;
  /** Text for screen readers; omit when a visible text already says it is loading. */
  etiqueta?: string;
}

export function Spinner({ className, etiqueta }: SpinnerProps) {
  return (
    <span role={etiqueta ? 'status' : undefined} className="inline-flex items-center">
      <svg className={cx('size-4 animate-spin', className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {etiqueta ? <span className="sr-only">{etiqueta}</span> : null}
    </span>
  );
}

/** A centred loading block for a page or a panel. */
export function Cargando({ texto = 'Cargando...' }: { texto?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-tinta-500">
      <Spinner className="size-7 text-salvia-500" />
      <p className="text-sm">{texto}</p>
    </div>
  );
}
