import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

const tonos = {
  neutro: 'border-arena-200 bg-arena-100 text-tinta-700',
  salvia: 'border-salvia-200 bg-salvia-50 text-salvia-800',
  terracota: 'border-terracota-200 bg-terracota-50 text-terracota-700',
  exito: 'border-confirmada-borde bg-exito-50 text-exito-700',
  aviso: 'border-pendiente-borde bg-aviso-50 text-aviso-700',
  peligro: 'border-cancelada-borde bg-peligro-50 text-peligro-700',
  info: 'border-info-50 bg-info-50 text-info-700',
  pendiente: 'border-pendiente-borde bg-pendiente-fondo text-pendiente-texto',
  confirmada: 'border-confirmada-borde bg-confirmada-fondo text-confirmada-texto',
  cancelada: 'border-cancelada-borde bg-cancelada-fondo text-cancelada-texto',
  otro: 'border-otro-borde bg-otro-fondo text-otro-texto',
} as const;

export type TonoBadge = keyof typeof tonos;

export function Badge({ tono = 'neutro', className, children }: { tono?: TonoBadge; className?: string; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tonos[tono],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Colour of an appointment state (spec 1 §4): Pendiente yellow, Confirmada green, Cancelada red, other grey. */
function tonoEstadoCita(estado: string): TonoBadge {
  switch (estado.toLowerCase()) {
    case 'pendiente':
      return 'pendiente';
    case 'confirmada':
      return 'confirmada';
    case 'cancelada':
      return 'cancelada';
    default:
      return 'otro';
  }
}

export function BadgeEstadoCita({ estado }: { estado: string }) {
  const etiqueta = estado ? estado[0].toUpperCase() + estado.slice(1).toLowerCase() : 'Sin estado';
  return <Badge tono={tonoEstadoCita(estado)}>{etiqueta}</Badge>;
}
