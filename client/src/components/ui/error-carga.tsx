import { MSG_GENERICO } from '@miduelo/shared/errores';
import { CircleAlert } from 'lucide-react';
import { cx } from '@/lib/cx';
import { Button } from './button';

interface ErrorCargaProps {
  texto: string;
  onReintentar: () => void;
  className?: string;
}

/**
 * A load that failed, said as such — an empty state would claim there is nothing, a spinner that
 * there is still hope (decisions 057, 256) — with a retry.
 */
export function ErrorCarga({ texto, onReintentar, className }: ErrorCargaProps) {
  return (
    <div
      role="alert"
      className={cx('flex flex-col items-center gap-3 px-6 py-10 text-center text-sm text-peligro-700', className)}
      data-error-carga
    >
      <CircleAlert className="size-6" aria-hidden />
      <p>{texto}</p>
      <Button tamano="sm" variante="secundario" onClick={onReintentar}>
        {MSG_GENERICO.reintentar}
      </Button>
    </div>
  );
}
