import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { HeartHandshake } from 'lucide-react';
import { AvatarInicial } from '@/components/ui/avatar-inicial';
import { Badge } from '@/components/ui/badge';
import { cx } from '@/lib/cx';
import type { Apariencia } from '@/features/chat/lado';

interface ItemConversacionProps {
  id: number;
  apariencia: Apariencia;
  /** Relative time of the last message ('5m', 'Ayer'). */
  tiempo: string;
  vistaPrevia: string;
  noLeidos: number;
  /** Crisis-marked messages not opened (decision 339). */
  crisis?: number;
  activo: boolean;
  escribiendo: boolean;
  onSeleccionar: () => void;
}

/** A row of the conversation list: avatar initial, name, type badge, time, preview or typing, unread count. */
export function ItemConversacion({
  id,
  apariencia,
  tiempo,
  vistaPrevia,
  noLeidos,
  crisis = 0,
  activo,
  escribiendo,
  onSeleccionar,
}: ItemConversacionProps) {
  const { nombre, tonoAvatar, insignia } = apariencia;
  return (
    <li>
      <button
        type="button"
        onClick={onSeleccionar}
        aria-current={activo || undefined}
        data-chat={id}
        data-crisis={crisis > 0 ? crisis : undefined}
        className={cx(
          'flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-salvia-500',
          activo ? 'bg-salvia-50' : 'hover:bg-arena-50',
        )}
      >
        <AvatarInicial nombre={nombre} tono={tonoAvatar} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cx('truncate text-sm text-tinta-900', noLeidos > 0 ? 'font-bold' : 'font-semibold')}>{nombre}</span>
            {insignia ? (
              <Badge tono={insignia.tono} className="px-2! py-0! text-[0.65rem]">
                {insignia.texto}
              </Badge>
            ) : null}
            {crisis > 0 ? <MarcaCrisis n={crisis} /> : null}
            {tiempo ? <span className="ml-auto shrink-0 text-xs text-tinta-500 tabular-nums">{tiempo}</span> : null}
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            {escribiendo ? (
              <span className="truncate text-sm text-salvia-700 italic">{TEXTOS_CHAT.escribiendo}</span>
            ) : (
              <span className={cx('truncate text-sm', noLeidos > 0 ? 'font-medium text-tinta-800' : 'text-tinta-500')} data-vista-previa>
                {vistaPrevia}
              </span>
            )}
            {noLeidos > 0 ? <ContadorNoLeidos n={noLeidos} /> : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The unread badge: '99+' at most on screen, the exact count for screen readers. */
function ContadorNoLeidos({ n }: { n: number }) {
  return (
    <span
      className="ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-terracota-500 px-1.5 text-[0.7rem] font-bold text-white"
      data-no-leidos={n}
    >
      <span aria-hidden>{n > 99 ? '99+' : n}</span>
      <span className="sr-only">{`${n} ${n === 1 ? 'mensaje no leído' : 'mensajes no leídos'}`}</span>
    </span>
  );
}

/** Crisis messages not opened in this conversation: a warm mark, its meaning for screen readers. */
function MarcaCrisis({ n }: { n: number }) {
  const texto = TEXTOS_CHAT.crisis.enLista(n);
  return (
    <span
      title={texto}
      data-marca-crisis
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-terracota-100 px-1.5 py-0.5 text-[0.65rem] font-semibold text-terracota-700"
    >
      <HeartHandshake className="size-3.5" aria-hidden />
      <span aria-hidden>{TEXTOS_CHAT.crisis.marcaCorta}</span>
      <span className="sr-only">{texto}</span>
    </span>
  );
}
