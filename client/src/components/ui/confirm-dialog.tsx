import { AlertDialog } from 'radix-ui';
import { useRef } from 'react';
import { useConfirmacion } from '@/lib/confirm';
import { botonClases } from './button';
import { focoDeDialogo } from './foco-dialogo';

/** Host of the imperative `confirmar()` dialog; mounted once in the shell. */
export function ConfirmDialog() {
  const actual = useConfirmacion((s) => s.actual);
  const contenido = useRef<HTMLDivElement>(null);
  const foco = focoDeDialogo(contenido);
  return (
    <AlertDialog.Root
      open={actual !== null}
      onOpenChange={(abierto) => {
        if (!abierto) actual?.responder(false);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 animate-desvanecer bg-tinta-900/40 backdrop-blur-[2px]" />
        <AlertDialog.Content
          ref={contenido}
          {...foco}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-arena-200 bg-papel p-6 shadow-elevada focus:outline-none"
        >
          <div className="animate-entrada">
            <AlertDialog.Title className="font-serif text-xl font-semibold text-tinta-900">{actual?.titulo}</AlertDialog.Title>
            <AlertDialog.Description className={actual?.texto ? 'mt-2 text-sm text-tinta-700' : 'sr-only'}>
              {actual?.texto ?? actual?.titulo}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={botonClases('secundario')}>{actual?.cancelar ?? 'Cancelar'}</AlertDialog.Cancel>
              <AlertDialog.Action className={botonClases(actual?.peligro ? 'peligro' : 'primario')} onClick={() => actual?.responder(true)}>
                {actual?.confirmar ?? 'Aceptar'}
              </AlertDialog.Action>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
