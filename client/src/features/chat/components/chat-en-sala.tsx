// The chat with the patient inside the online-session room (issue 54, decision 362): her
// conversation, live, in the room's side panel, so writing to her never leaves the call. Without a
// conversation yet, a link opens the chat screen, which creates it.
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Chat } from '@miduelo/shared/chat-respuestas';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { botonClases, Button } from '@/components/ui/button';
import { Cargando } from '@/components/ui/spinner';
import { ladoPsicologo } from '@/features/chat/presentacion';
import { useConversaciones } from '@/features/chat/use-conversaciones';
import { PanelConversacion } from './panel-conversacion';

export default function ChatEnSala({
  idPaciente,
  cerrar,
  etiquetaCerrar,
}: {
  idPaciente: number;
  cerrar: () => void;
  etiquetaCerrar: string;
}) {
  const { conv, chats, listaCargada, abierto } = useConversaciones(ladoPsicologo);
  const suyo: Chat | undefined = chats.find((c) => c.tipo === 'paciente' && c.id_paciente === idPaciente);

  useEffect(() => {
    if (suyo) void conv.seleccionar(suyo.id_chat);
  }, [suyo?.id_chat, conv, suyo]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-end border-b border-arena-200 px-2 py-1.5">
        <Button variante="fantasma" tamano="sm" onClick={cerrar}>
          <X className="size-4" aria-hidden /> {etiquetaCerrar}
        </Button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col">
        {!listaCargada ? (
          <Cargando texto="Cargando el chat..." />
        ) : abierto && suyo && abierto.id_chat === suyo.id_chat ? (
          <PanelConversacion
            lado={ladoPsicologo}
            conv={conv}
            abierto={abierto}
            subtitulo={abierto.paciente?.email}
            etiquetaVolver={etiquetaCerrar}
            onVolver={cerrar}
          />
        ) : suyo ? (
          <Cargando texto="Cargando el chat..." />
        ) : (
          <div className="p-6 text-center text-sm text-tinta-700">
            <p>{TEXTOS_CHAT.sinChats}</p>
            <Link
              to="/chat-pacientes-del-psicologo"
              search={{ paciente: idPaciente }}
              target="_blank"
              className={`${botonClases('primario', 'sm')} mt-4`}
            >
              {TEXTOS_CHAT.nuevoChat}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
