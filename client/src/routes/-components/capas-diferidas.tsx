import { lazy } from 'react';
import { useConfirmacion } from '@/lib/confirm';
import { AlAbrir } from '@/lib/diferido';
import { useToasts } from '@/lib/toast';

// Radix toast and alert dialog (with their focus and scroll locks) are a tenth of the first screen's
// JavaScript and most visits never show either: each is fetched the first time it is needed.
const ToastViewport = lazy(() => import('@/components/ui/toast-viewport').then((m) => ({ default: m.ToastViewport })));
const ConfirmDialog = lazy(() => import('@/components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

/** The shell's notifications and confirmation dialog, loaded on first use. */
export function CapasDiferidas() {
  const hayToasts = useToasts((s) => s.toasts.length > 0);
  const hayConfirmacion = useConfirmacion((s) => s.actual !== null);
  return (
    <>
      <AlAbrir abierto={hayToasts}>
        <ToastViewport />
      </AlAbrir>
      <AlAbrir abierto={hayConfirmacion}>
        <ConfirmDialog />
      </AlAbrir>
    </>
  );
}
