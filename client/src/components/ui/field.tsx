import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';
import { Label } from './label';

/** The props a field hands to its control so that label, hint and error are announced. */
interface ControlCampo {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  etiqueta: ReactNode;
  error?: string | null;
  ayuda?: ReactNode;
  /** Marks the field as optional next to its label. */
  opcional?: boolean;
  className?: string;
  children: (control: ControlCampo) => ReactNode;
}

export function Field({ id, etiqueta, error, ayuda, opcional, className, children }: FieldProps) {
  const idAyuda = ayuda ? `${id}-ayuda` : null;
  const idError = error ? `${id}-error` : null;
  const describedBy = [idError, idAyuda].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {etiqueta}
        {opcional ? <span className="ml-1 font-normal text-tinta-500">(opcional)</span> : null}
      </Label>
      {children({ id, name: id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {ayuda ? (
        <p id={idAyuda ?? undefined} className="text-xs text-tinta-500">
          {ayuda}
        </p>
      ) : null}
      <MensajeError id={idError ?? `${id}-error`} mensaje={error} />
    </div>
  );
}

export function MensajeError({ id, mensaje }: { id?: string; mensaje?: string | null }) {
  // Always rendered so that screen readers announce a message as soon as it appears.
  return (
    <p id={id} aria-live="polite" className={cx('text-sm text-peligro-700', !mensaje && 'hidden')}>
      {mensaje}
    </p>
  );
}
