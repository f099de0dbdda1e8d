import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

export const controlClases = cx(
  'block w-full rounded-xl border border-arena-300 bg-papel px-3.5 text-base text-tinta-900 shadow-xs transition-colors',
  'placeholder:text-marcador hover:border-arena-400',
  'focus:border-salvia-500 focus:outline-none focus:ring-3 focus:ring-salvia-100',
  'disabled:cursor-not-allowed disabled:bg-arena-50 disabled:text-tinta-500',
  'aria-invalid:border-peligro-600 aria-invalid:focus:ring-peligro-50',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cx(controlClases, 'h-11', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx(controlClases, 'min-h-24 py-2.5', className)} {...props} />;
}
