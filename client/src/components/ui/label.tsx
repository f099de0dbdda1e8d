import { Label as RadixLabel } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

export function Label({ className, ...props }: ComponentProps<typeof RadixLabel.Root>) {
  return <RadixLabel.Root className={cx('text-sm font-medium text-tinta-800', className)} {...props} />;
}
