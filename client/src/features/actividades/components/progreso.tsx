import { colorProgreso } from '@miduelo/shared/actividades';
import { cx } from '@/lib/cx';

const COLORES = { danger: 'bg-peligro-600', warning: 'bg-aviso-600', success: 'bg-exito-600' } as const;
const TEXTOS = { danger: 'text-peligro-700', warning: 'text-aviso-700', success: 'text-exito-700' } as const;

/** A progress bar coloured by spec 2 §4's thresholds (below 30 danger, below 70 warning). */
export function BarraProgreso({ valor, etiqueta, grande }: { valor: number; etiqueta: string; grande?: boolean }) {
  const color = colorProgreso(valor);
  return (
    <div
      role="progressbar"
      aria-valuenow={valor}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={etiqueta}
      data-color={color}
      className={cx('w-full overflow-hidden rounded-full bg-arena-100', grande ? 'h-3' : 'h-2')}
    >
      <div className={cx('h-full rounded-full transition-[width]', COLORES[color])} style={{ width: `${valor}%` }} />
    </div>
  );
}

export function TextoProgreso({ valor, className }: { valor: number; className?: string }) {
  return <span className={cx('font-semibold tabular-nums', TEXTOS[colorProgreso(valor)], className)}>{valor}%</span>;
}
