import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { tiempoRelativo } from '@miduelo/shared/fechas';
import { MessagesSquare, Plus, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ResumenBase } from '@/features/chat/conversaciones-tipos';
import { useAlertasCrisis } from '@/lib/alertas-crisis';
import { useAhora } from '@/lib/use-ahora';
import { zonaClinica } from '@/lib/zona';
import { ErrorCarga } from '@/components/ui/error-carga';
import { ItemConversacion } from './item-conversacion';
import type { LadoConversaciones } from '@/features/chat/lado';

interface ListaConversacionesProps<R extends ResumenBase> {
  lado: LadoConversaciones<R>;
  /** Accessible name of the list ('Chats', 'Conversaciones'). */
  etiqueta: string;
  chats: R[];
  seleccionado: number | null;
  escribiendo: Record<number, boolean>;
  /** A search term is typed: an empty list means no results, not no conversations. */
  buscando: boolean;
  onSeleccionar: (r: R) => void;
  /** The empty state without a search: its title and the button that starts a conversation. */
  vacio: { titulo: string; accion: string; onNuevo: () => void };
  /** The list could not be loaded: what to say instead of the empty state, and the retry. */
  error: { activo: boolean; texto: string; onReintentar: () => void };
}

/** The conversation list of a chat screen (spec 1 §2, spec 2 §2), or its empty state. */
export function ListaConversaciones<R extends ResumenBase>({
  lado,
  etiqueta,
  chats,
  seleccionado,
  escribiendo,
  buscando,
  onSeleccionar,
  vacio,
  error,
}: ListaConversacionesProps<R>) {
  const ahora = useAhora();
  // Conversations with crisis messages not opened (the psychologist's side; decision 339).
  const alertas = useAlertasCrisis((s) => s.porChat);
  if (chats.length === 0 && error.activo) return <ErrorCarga texto={error.texto} onReintentar={error.onReintentar} />;
  if (chats.length === 0) return buscando ? <SinResultados /> : <SinConversaciones {...vacio} />;
  return (
    <ul aria-label={etiqueta} className="divide-y divide-arena-100">
      {chats.map((c) => {
        const id = lado.adaptador.idDe(c);
        return (
          <ItemConversacion
            key={id}
            id={id}
            apariencia={lado.apariencia(c)}
            // 'Sin mensajes' has no time: the conversation's creation is not a message (issue 53).
            tiempo={c.ultimo_mensaje ? tiempoRelativo(c.ultimo_mensaje.fecha_envio, ahora, zonaClinica()) : ''}
            vistaPrevia={lado.vistaPrevia(c)}
            noLeidos={c.mensajes_no_leidos}
            crisis={alertas[id]?.n ?? 0}
            activo={id === seleccionado}
            escribiendo={Boolean(escribiendo[id])}
            onSeleccionar={() => onSeleccionar(c)}
          />
        );
      })}
    </ul>
  );
}

function SinResultados() {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center text-sm text-tinta-500">
      <SearchX className="size-6" aria-hidden />
      {TEXTOS_CHAT.sinResultados}
    </div>
  );
}

function SinConversaciones({ titulo, accion, onNuevo }: ListaConversacionesProps<ResumenBase>['vacio']) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-salvia-50 text-salvia-600">
        <MessagesSquare className="size-6" aria-hidden />
      </span>
      <p className="mt-3 font-semibold text-tinta-900">{titulo}</p>
      <Button className="mt-4" tamano="sm" variante="suave" onClick={onNuevo}>
        <Plus className="size-4" aria-hidden />
        {accion}
      </Button>
    </div>
  );
}
