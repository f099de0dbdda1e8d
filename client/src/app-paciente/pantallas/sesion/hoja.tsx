// A sheet over the room (devices, chat): a native modal <dialog>, from the bottom on a phone and
// centred on a wide screen. Tab stays inside while it is open, Escape closes it, and focus returns
// to the control that opened it (issue 53's rules for the app's dialogs).
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { rodearConTab } from '../../lib/dialogo';

export function Hoja({
  id,
  titulo,
  abierta,
  alCerrar,
  alta = false,
  children,
}: {
  id: string;
  titulo: ReactNode;
  abierta: boolean;
  alCerrar: () => void;
  /** Most of the screen's height (the chat), instead of its content's. */
  alta?: boolean;
  children: ReactNode;
}) {
  const dialogo = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const d = dialogo.current;
    if (!d) return;
    if (abierta && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    }
    if (!abierta && d.open) d.close();
    if (!abierta && opener.current) {
      opener.current.focus();
      opener.current = null;
    }
  }, [abierta]);
  return (
    <dialog
      ref={dialogo}
      aria-labelledby={`${id}-titulo`}
      onClose={alCerrar}
      onKeyDown={rodearConTab}
      className={`mx-auto mt-auto mb-0 w-full max-w-none rounded-t-2xl bg-crema p-0 text-tinta-900 backdrop:bg-tinta-900/50 sm:m-auto sm:w-[min(32rem,calc(100%-2rem))] sm:rounded-2xl ${
        alta ? 'h-[85dvh] sm:h-[min(44rem,85dvh)]' : 'max-h-[85dvh]'
      }`}
    >
      {abierta && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-arena-200 px-4 py-2">
            <h2 id={`${id}-titulo`} className="min-w-0 font-serif text-lg [overflow-wrap:anywhere]">
              {titulo}
            </h2>
            <button
              type="button"
              onClick={alCerrar}
              aria-label="Cerrar"
              className="grid size-11 shrink-0 place-items-center rounded-full text-tinta-600 hover:bg-arena-100 focus-visible:outline-2 focus-visible:outline-salvia-600"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-[max(1rem,env(safe-area-inset-bottom))]">{children}</div>
        </div>
      )}
    </dialog>
  );
}
