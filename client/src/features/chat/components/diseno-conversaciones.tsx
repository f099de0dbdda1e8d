import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { MessagesSquare, Plus, Search, WifiOff } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { cx } from '@/lib/cx';
import { useSocket } from '@/nucleo/socket';

interface DisenoConversacionesProps {
  busqueda: string;
  onBusquedaChange: (q: string) => void;
  /** The button that opens the new-conversation dialog. */
  textoNuevo: string;
  onNuevo: () => void;
  listaCargada: boolean;
  textoCargando: string;
  lista: ReactNode;
  /** The open conversation's pane, or null when none is open. */
  conversacion: ReactElement | null;
  /** What the pane says while no conversation is open. */
  sinSeleccion: { titulo: string; texto: string };
}

/** A chat screen: offline banner, sidebar (search, new conversation, list) and conversation pane.
 * On small screens only one of them shows: the list, or the open conversation. Its height leaves
 * the bar and the page's title above it in view: at 1366×768 the history shows five short messages
 * (three before, issue 53). */
export function DisenoConversaciones({
  busqueda,
  onBusquedaChange,
  textoNuevo,
  onNuevo,
  listaCargada,
  textoCargando,
  lista,
  conversacion,
  sinSeleccion,
}: DisenoConversacionesProps) {
  const abierta = conversacion !== null;
  return (
    <>
      <AvisoSinConexion />
      <Card className="grid h-[max(30rem,calc(100dvh-14rem))] grid-cols-1 overflow-hidden md:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)]">
        <aside className={cx('flex min-h-0 min-w-0 flex-col border-arena-200 md:border-r', abierta ? 'hidden md:flex' : 'flex')}>
          <div className="flex flex-col gap-2 border-b border-arena-200 p-3">
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-tinta-400" aria-hidden />
              <Input
                type="search"
                value={busqueda}
                onChange={(e) => onBusquedaChange(e.target.value)}
                placeholder={TEXTOS_CHAT.buscar}
                aria-label={TEXTOS_CHAT.buscar}
                className="h-10 pl-9 text-sm"
                maxLength={100}
              />
            </div>
            <Button tamano="sm" onClick={onNuevo}>
              <Plus className="size-4" aria-hidden />
              {textoNuevo}
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{listaCargada ? lista : <Cargando texto={textoCargando} />}</div>
        </aside>

        <section className={cx('min-h-0 min-w-0 flex-col', abierta ? 'flex' : 'hidden md:flex')} aria-label="Conversación">
          {conversacion ?? <SinSeleccion {...sinSeleccion} />}
        </section>
      </Card>
    </>
  );
}

/** Shown while the socket is down: the screen keeps working by polling. */
function AvisoSinConexion() {
  const enVivo = useSocket((s) => s.estado === 'conectado');
  if (enVivo) return null;
  return (
    <p
      role="status"
      className="mb-3 flex items-center gap-2 rounded-xl border border-pendiente-borde bg-aviso-50 px-4 py-2 text-sm text-aviso-700"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden />
      {TEXTOS_CHAT.sinConexion}
    </p>
  );
}

function SinSeleccion({ titulo, texto }: DisenoConversacionesProps['sinSeleccion']) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-salvia-50 text-salvia-600">
        <MessagesSquare className="size-7" aria-hidden />
      </span>
      <p className="font-semibold text-tinta-900">{titulo}</p>
      <p className="max-w-sm text-sm text-tinta-500">{texto}</p>
    </div>
  );
}
