import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';

export function Titulo({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="mb-4">
      <h1 className="font-serif text-2xl text-tinta-900 [overflow-wrap:anywhere]">{children}</h1>
      {sub && <p className="mt-1 text-tinta-600">{sub}</p>}
    </div>
  );
}

export function Boton({
  variante = 'primario',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variante?: 'primario' | 'secundario' | 'peligro' }) {
  const estilos = {
    primario: 'bg-salvia-600 text-white active:bg-salvia-700 disabled:bg-salvia-300',
    secundario: 'border border-arena-300 bg-papel text-tinta-800 active:bg-arena-100 disabled:text-tinta-400',
    peligro: 'border border-terracota-200 bg-papel text-terracota-700 active:bg-terracota-50 disabled:text-tinta-400',
  }[variante];
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 font-semibold ${estilos} ${className}`}
    />
  );
}

export function Campo({
  etiqueta,
  error,
  ayuda,
  id,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { etiqueta: string; error?: string; ayuda?: string; id: string }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium text-tinta-800">
        {etiqueta}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : ayuda ? `${id}-ayuda` : undefined}
        {...props}
        className="block min-h-12 w-full rounded-xl border border-arena-300 bg-papel px-3 text-base text-tinta-900 focus:border-salvia-500 focus:outline-2 focus:outline-salvia-200 aria-[invalid]:border-terracota-500"
      />
      {ayuda && !error && (
        <p id={`${id}-ayuda`} className="text-sm text-tinta-600">
          {ayuda}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-terracota-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Aviso({ tono = 'info', children }: { tono?: 'info' | 'error' | 'exito'; children: ReactNode }) {
  const estilos = {
    info: 'border-arena-200 bg-arena-50 text-tinta-800',
    error: 'border-terracota-200 bg-terracota-50 text-terracota-700',
    exito: 'border-salvia-200 bg-salvia-50 text-salvia-800',
  }[tono];
  return (
    <div role={tono === 'error' ? 'alert' : 'status'} className={`rounded-xl border px-4 py-3 [overflow-wrap:anywhere] ${estilos}`}>
      {children}
    </div>
  );
}

export function Tarjeta({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-2xl border border-arena-200 bg-papel p-4 ${className}`}>{children}</section>;
}

/** "Showing what this phone saved" when the server could not be reached. */
export function AvisoGuardado({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return <p className="mb-3 text-sm text-tinta-600">Mostramos lo último que se guardó en este teléfono.</p>;
}

/**
 * A text field's count against its limit (decision 295): shown from 80 % of the limit; past it, the
 * shared message instead, in the error colour. The field keeps the whole text (no `maxLength`: a
 * pasted text is never cut without a word) and the form does not send it until it fits.
 */
export function Cuenta({ id, largo, max, mensaje }: { id: string; largo: number; max: number; mensaje: string }) {
  const excedido = largo > max;
  return (
    <p
      id={id}
      aria-live="polite"
      className={largo > max * 0.8 ? `flex justify-between gap-3 text-sm ${excedido ? 'text-terracota-700' : 'text-tinta-600'}` : 'sr-only'}
    >
      <span>{excedido ? mensaje : ''}</span>
      <span className={`ml-auto shrink-0 tabular-nums ${excedido ? 'font-semibold' : ''}`}>
        {largo}/{max}
      </span>
    </p>
  );
}
