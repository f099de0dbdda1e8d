import type { ReactNode } from 'react';
import { ChatCompositor } from '@/features/chat/components/chat-compositor';
import { ChatMensajes } from '@/features/chat/components/chat-mensajes';
import type { Conversaciones } from '@/features/chat/conversaciones';
import type { MensajeConv, ResumenBase } from '@/features/chat/conversaciones-tipos';
import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { CabeceraConversacion } from './cabecera-conversacion';
import { ErrorCarga } from '@/components/ui/error-carga';
import type { LadoConversaciones } from '@/features/chat/lado';

const SIN_MENSAJES: MensajeConv[] = [];

interface PanelConversacionProps<R extends ResumenBase> {
  lado: LadoConversaciones<R>;
  /** The screen's live conversations. */
  conv: Conversaciones<R>;
  abierto: R;
  subtitulo: ReactNode;
  etiquetaVolver: string;
  onVolver: () => void;
  /** What an empty conversation says (the message list has its own default). */
  textoVacio?: string;
  /** Actions at the end of the header (the psychologist's "Iniciar sesión en línea"). */
  acciones?: ReactNode;
}

/** The open conversation: header, messages (with older pages and retries) and the message box. */
export function PanelConversacion<R extends ResumenBase>({
  lado,
  conv,
  abierto,
  subtitulo,
  etiquetaVolver,
  onVolver,
  textoVacio,
  acciones,
}: PanelConversacionProps<R>) {
  const id = lado.adaptador.idDe(abierto);
  const apariencia = lado.apariencia(abierto);
  const mensajes = conv.useConv((s) => s.mensajes[id] ?? SIN_MENSAJES);
  const cargando = conv.useConv((s) => s.cargandoMensajes);
  const hayAnteriores = conv.useConv((s) => Boolean(s.hayAnteriores[id]));
  const escribiendo = conv.useConv((s) => Boolean(s.escribiendo[id]));
  // A failed load is not an empty conversation ('Inicia la conversación…' would be false).
  const errorCarga = conv.useConv((s) => Boolean(s.errorMensajes[id])) && !cargando;
  const reintentar = () => void conv.recargarAbierto();
  return (
    <>
      <CabeceraConversacion
        apariencia={apariencia}
        escribiendo={escribiendo}
        subtitulo={subtitulo}
        etiquetaVolver={etiquetaVolver}
        onVolver={onVolver}
        acciones={acciones}
      />
      {errorCarga && mensajes.length > 0 ? (
        <p
          role="alert"
          className="flex items-center justify-center gap-2 border-b border-arena-200 bg-peligro-50 px-4 py-2 text-sm text-peligro-700"
        >
          {TEXTOS_CHAT.errorCargarMensajes}
          <button type="button" className="cursor-pointer font-semibold underline underline-offset-2" onClick={reintentar}>
            {TEXTOS_CHAT.reintentar}
          </button>
        </p>
      ) : null}
      {errorCarga && mensajes.length === 0 ? (
        <div className="flex flex-1 items-center justify-center">
          <ErrorCarga texto={TEXTOS_CHAT.errorCargarMensajes} onReintentar={reintentar} />
        </div>
      ) : (
        <ChatMensajes
          key={id}
          mensajes={mensajes}
          propio={lado.adaptador.propio}
          nombreOtro={apariencia.nombre}
          cargando={cargando}
          hayAnteriores={hayAnteriores}
          onCargarAnteriores={() => void conv.cargarAnteriores()}
          onReintentar={(idCliente) => conv.reintentar(id, idCliente)}
          textoVacio={textoVacio}
        />
      )}
      <ChatCompositor idConversacion={id} onEnviar={conv.enviar} onEscribir={conv.avisarEscritura} />
    </>
  );
}
