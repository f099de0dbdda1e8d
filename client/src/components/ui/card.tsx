import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('rounded-2xl border border-arena-200 bg-papel shadow-suave', className)} {...props} />;
}
