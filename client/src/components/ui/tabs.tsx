import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cx } from '@/lib/cx';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx('flex gap-1 overflow-x-auto border-b border-arena-200', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cx(
        '-mb-px cursor-pointer border-b-2 border-transparent px-4 py-2.5 text-sm font-medium whitespace-nowrap text-tinta-600 transition-colors',
        'hover:text-tinta-900 data-[state=active]:border-salvia-600 data-[state=active]:text-salvia-800',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-salvia-500',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx('pt-5 focus-visible:outline-none', className)} {...props} />;
}
