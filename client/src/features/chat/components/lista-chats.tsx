import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { type Chat, nombreCompleto, vistaPrevia } from '@miduelo/shared/chat-respuestas';
import { tiempoRelativo } from '@miduelo/shared/fechas';
import { MessagesSquare, Plus, SearchX } from 'lucide-react';
import { AvatarInicial } from '../../../components/ui/avatar-inicial';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { useAhora } from '../../../lib/use-ahora';

/** Display name of a chat of the psychologist: the patient, or the administrator who wrote. */
export function nombreDeChat(c: Chat): string {
  return c.tipo === 'admin' ? nombreCompleto(c.administrador) || TEXTOS_CHAT.administracion : nombreCompleto(c.paciente);
}

interface ListaChatsProps {
  chats: Chat[];
  seleccionado: number | null;
  escribiendo: Record<number, boolean>;
  buscando: boolean;
  onSeleccionar: (id: number) => void;
  onNuevo: () => void;
}

export function ListaChats({ chats, seleccionado, escribiendo, buscando, onSeleccionar, onNuevo }: ListaChatsProps) {
  const ahora = useAhora();
  if (chats.length === 0) {
    return buscando ? (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-sm text-tinta-500">
        <SearchX className="size-6" aria-hidden />
        {TEXTOS_CHAT.sinResultados}
      </div>
    ) : (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-salvia-50 text-salvia-600">
          <MessagesSquare className="size-6" aria-hidden />
        </span>
        <p className="mt-3 font-semibold text-tinta-900">{TEXTOS_CHAT.sinChats}</p>
        <Button className="mt-4" tamano="sm" variante="suave" onClick={onNuevo}>
          <Plus className="size-4" aria-hidden />
          {TEXTOS_CHAT.crearPrimerChat}
        </Button>
      </div>
    );
  }
  return (
    <ul aria-label="Chats" className="divide-y divide-arena-100">
      {chats.map((c) => {
        const nombre = nombreDeChat(c);
        const activo = c.id_chat === seleccionado;
        const noLeidos = c.mensajes_no_leidos;
        return (
          <li key={c.id_chat}>
            <button
              type="button"
              onClick={() => onSeleccionar(c.id_chat)}
              aria-current={activo || undefined}
              data-chat={c.id_chat}
              className={cx(
                'flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-salvia-500',
                activo ? 'bg-salvia-50' : 'hover:bg-arena-50',
              )}
            >
              <AvatarInicial nombre={nombre} tono={c.tipo === 'admin' ? 'terracota' : 'salvia'} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className={cx('truncate text-sm text-tinta-900', noLeidos > 0 ? 'font-bold' : 'font-semibold')}>{nombre}</span>
                  {c.tipo === 'admin' ? (
                    <Badge tono="terracota" className="px-2! py-0! text-[0.65rem]">
                      {TEXTOS_CHAT.administracion}
                    </Badge>
                  ) : null}
                  <span className="ml-auto shrink-0 text-xs text-tinta-500 tabular-nums">
                    {tiempoRelativo(c.ultimo_mensaje?.fecha_envio ?? c.fecha_creacion, ahora)}
                  </span>
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  {escribiendo[c.id_chat] ? (
                    <span className="truncate text-sm text-salvia-700 italic">{TEXTOS_CHAT.escribiendo}</span>
                  ) : (
                    <span className={cx('truncate text-sm', noLeidos > 0 ? 'font-medium text-tinta-800' : 'text-tinta-500')} data-vista-previa>
                      {vistaPrevia(c.ultimo_mensaje, 'psicologo')}
                    </span>
                  )}
                  {noLeidos > 0 ? (
                    <span
                      className="ml-auto flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-terracota-500 px-1.5 text-[0.7rem] font-bold text-white"
                      data-no-leidos={noLeidos}
                    >
                      <span aria-hidden>{noLeidos > 99 ? '99+' : noLeidos}</span>
                      <span className="sr-only">{`${noLeidos} ${noLeidos === 1 ? 'mensaje no leído' : 'mensajes no leídos'}`}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
