import { cx } from '@/lib/cx';

const tonos = {
  salvia: 'bg-salvia-100 text-salvia-800',
  terracota: 'bg-terracota-100 text-terracota-700',
  arena: 'bg-arena-200 text-tinta-700',
} as const;

const tamanos = { sm: 'size-9 text-sm', md: 'size-11 text-base' } as const;

/** A round avatar with the first letter of a name (spec 1 §2: the chat list's avatar initial). */
export function AvatarInicial({
  nombre,
  tono = 'salvia',
  tamano = 'md',
  className,
}: {
  nombre: string;
  tono?: keyof typeof tonos;
  tamano?: keyof typeof tamanos;
  className?: string;
}) {
  const inicial = nombre.trim()[0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden
      className={cx(
        'flex shrink-0 items-center justify-center rounded-full font-semibold select-none',
        tonos[tono],
        tamanos[tamano],
        className,
      )}
    >
      {inicial}
    </span>
  );
}
