import { CircleCheck, CircleX, Info, TriangleExclamationPoint, X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { cx } from '@/lib/cx';
import { type TipoToast, useToasts } from '@/lib/toast';

const estilos: Record<TipoToast, { icono: typeof Info; clases: string; iconoClases: string }> = {
  success: { icono: CircleCheck, clases: 'border-l-exito-600', iconoClases: 'text-exito-600' },
  error: { icono: CircleX, clases: 'border-l-peligro-600', iconoClases: 'text-peligro-600' },
  warning: { icono: TriangleExclamationPoint, clases: 'border-l-pendiente-borde', iconoClases: 'text-aviso-600' },
  info: { icono: Info, clases: 'border-l-info-600', iconoClases: 'text-info-600' },
};

/** Renders the toast store: top right, one card per message, each with its own duration. */
export function ToastViewport() {
  const toasts = useToasts((s) => s.toasts);
  const cerrar = useToasts((s) => s.cerrar);
  return (
    <RadixToast.Provider swipeDirection="right" label="Notificaciones">
      {toasts.map((t) => {
        const { icono: Icono, clases, iconoClases } = estilos[t.tipo];
        return (
          <RadixToast.Root
            key={t.id}
            duration={t.duracion}
            type={t.tipo === 'error' || t.tipo === 'warning' ? 'foreground' : 'background'}
            onOpenChange={(abierto) => {
              if (!abierto) cerrar(t.id);
            }}
            data-tipo={t.tipo}
            data-toast-abierto
            className={cx(
              'pointer-events-auto flex w-full animate-entrada items-start gap-3 rounded-xl border border-l-4 border-arena-200 bg-papel p-4 pr-3 shadow-elevada',
              'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:translate-x-full data-[swipe=end]:opacity-0',
              clases,
            )}
          >
            <Icono className={cx('mt-0.5 size-5 shrink-0', iconoClases)} aria-hidden />
            <div className="min-w-0 flex-1">
              <RadixToast.Title className="text-sm font-semibold text-tinta-900">{t.titulo}</RadixToast.Title>
              {t.texto ? <RadixToast.Description className="mt-0.5 text-sm text-tinta-700">{t.texto}</RadixToast.Description> : null}
            </div>
            <RadixToast.Close
              aria-label="Cerrar notificación"
              className="-mt-1 flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-lg text-tinta-500 hover:bg-arena-100 hover:text-tinta-900 focus-visible:outline-2 focus-visible:outline-salvia-500"
            >
              <X className="size-4" aria-hidden />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport
        data-toast-viewport
        label="Notificaciones ({hotkey})"
        // Never over the top bar (user name, Cerrar sesión, ☰): at the bottom on a phone, under the
        // bar on the right on wider screens, and at the bottom where a screen asks for it
        // (html[data-toasts="abajo"], styles.css: the agenda's buttons are at the top right).
        className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none sm:top-20 sm:bottom-auto"
      />
    </RadixToast.Provider>
  );
}
