import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { cx } from '@/lib/cx';
import { focoDeDialogo } from './foco-dialogo';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const anchos = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

interface DialogContentProps {
  titulo: ReactNode;
  descripcion?: ReactNode;
  ancho?: keyof typeof anchos;
  /** Hide the corner close button (e.g. while saving). */
  sinCerrar?: boolean;
  children?: ReactNode;
  className?: string;
  onEscapeKeyDown?: (e: KeyboardEvent) => void;
  onPointerDownOutside?: (e: Event) => void;
  /** Where focus goes once it closes; by default back to what had focus when it opened (decision
   * 343), which Radix alone does only for a DialogTrigger. */
  onCloseAutoFocus?: (e: Event) => void;
}

/** An open toast is a Radix layer above the dialog and takes the first Escape for itself: the
 * topmost dialog closes on that same press (issue 11), unless its own handler prevents it. */
function useEscapeConToast(
  contenido: React.RefObject<HTMLDivElement | null>,
  cerrar: React.RefObject<HTMLButtonElement | null>,
  alEscape?: (e: KeyboardEvent) => void,
) {
  useEffect(() => {
    const h = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !cerrar.current || !document.querySelector('[data-toast-abierto]')) return;
      const abiertos = document.querySelectorAll('[role="dialog"][data-state="open"],[role="alertdialog"][data-state="open"]');
      if (abiertos[abiertos.length - 1] !== contenido.current) return;
      alEscape?.(e);
      if (!e.defaultPrevented) cerrar.current.click();
    };
    document.addEventListener('keydown', h, true);
    return () => document.removeEventListener('keydown', h, true);
  }, [contenido, cerrar, alEscape]);
}

export function DialogContent({ titulo, descripcion, ancho = 'md', sinCerrar, children, className, ...eventos }: DialogContentProps) {
  const contenido = useRef<HTMLDivElement>(null);
  const cerrar = useRef<HTMLButtonElement>(null);
  useEscapeConToast(contenido, cerrar, eventos.onEscapeKeyDown);
  const foco = focoDeDialogo(contenido, eventos.onCloseAutoFocus);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 animate-desvanecer bg-tinta-900/40 backdrop-blur-[2px]" />
      <RadixDialog.Content
        ref={contenido}
        {...eventos}
        {...foco}
        className={cx(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
          'rounded-2xl border border-arena-200 bg-papel p-6 shadow-elevada focus:outline-none sm:p-7',
          anchos[ancho],
          className,
        )}
      >
        <div className="min-w-0 animate-entrada wrap-anywhere">
          <div className="mb-5 pr-8">
            <RadixDialog.Title className="font-serif text-xl font-semibold text-tinta-900">{titulo}</RadixDialog.Title>
            {descripcion ? (
              <RadixDialog.Description className="mt-1.5 text-sm text-tinta-600">{descripcion}</RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{titulo}</RadixDialog.Description>
            )}
          </div>
          {children}
        </div>
        {sinCerrar ? null : (
          <RadixDialog.Close
            ref={cerrar}
            aria-label="Cerrar"
            className="absolute top-4 right-4 flex size-9 cursor-pointer items-center justify-center rounded-lg text-tinta-500 hover:bg-arena-100 hover:text-tinta-900 focus-visible:outline-2 focus-visible:outline-salvia-500"
          >
            <X className="size-5" aria-hidden />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export function DialogFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>{children}</div>;
}
