import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';
import { Spinner } from './spinner';

const variantes = {
  primario: 'bg-salvia-600 text-white shadow-sm hover:bg-salvia-700 active:bg-salvia-800 disabled:bg-salvia-300 disabled:shadow-none',
  secundario: 'border border-arena-300 bg-papel text-tinta-800 shadow-sm hover:border-arena-400 hover:bg-arena-50 disabled:text-tinta-400',
  suave: 'bg-salvia-50 text-salvia-800 hover:bg-salvia-100 disabled:text-tinta-400',
  fantasma: 'text-tinta-700 hover:bg-arena-100 hover:text-tinta-900 disabled:text-tinta-400',
  peligro: 'bg-peligro-600 text-white shadow-sm hover:bg-peligro-700 disabled:opacity-50',
  enlace: 'h-auto! px-0! text-salvia-700 underline-offset-4 hover:underline disabled:text-tinta-400',
} as const;

const tamanos = {
  sm: 'h-9 gap-1.5 rounded-lg px-3 text-sm',
  md: 'h-11 gap-2 rounded-xl px-5 text-sm',
  lg: 'h-12 gap-2 rounded-xl px-6 text-base',
  icono: 'size-10 rounded-xl',
} as const;

type VarianteBoton = keyof typeof variantes;

interface ButtonProps extends ComponentProps<'button'> {
  variante?: VarianteBoton;
  tamano?: keyof typeof tamanos;
  /** Shows a spinner and disables the button. */
  cargando?: boolean;
}

export function botonClases(variante: VarianteBoton = 'primario', tamano: keyof typeof tamanos = 'md') {
  return cx(
    'inline-flex shrink-0 cursor-pointer items-center justify-center font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-salvia-500 disabled:cursor-not-allowed',
    variantes[variante],
    tamanos[tamano],
  );
}

export function Button({
  variante = 'primario',
  tamano = 'md',
  cargando = false,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const clases = cx(botonClases(variante, tamano), className);
  return (
    <button
      type={type ?? 'button'}
      className={clases}
      disabled={disabled || cargando}
      aria-busy={cargando || undefined}
      data-destructivo={variante === 'peligro' || undefined}
      {...props}
    >
      {cargando ? <Spinner /> : null}
      {children}
    </button>
  );
}
