import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

/**
 * A native checkbox with the design system's look. Native on purpose: it takes part in forms,
 * labels and browser automation exactly like any input.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cx(
        'peer size-5 shrink-0 cursor-pointer appearance-none rounded-md border border-arena-400 bg-papel transition-colors',
        'checked:border-salvia-600 checked:bg-salvia-600',
        "checked:bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='none' stroke='white' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M5 10.5l3.2 3.2L15 7'/%3E%3C/svg%3E\")] bg-center bg-no-repeat",
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-salvia-500',
        'aria-invalid:border-peligro-600 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
