import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Chat } from '@miduelo/shared/chat-respuestas';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { DisenoConversaciones } from '@/features/conversacion/diseno-conversaciones';
import { ListaConversaciones } from '@/features/conversacion/lista-conversaciones';
import { PanelConversacion } from '@/features/conversacion/panel-conversacion';
import { useConversaciones } from '@/features/conversacion/use-conversaciones';
import { crearChat } from '@/api/chat';
import { ladoPsicologo } from '@/features/chat/presentacion';
import { chatPsicologo } from '@/features/chat/store';
import { NuevoChatDialog } from './nuevo-chat-dialog';

interface PantallaChatProps {
  /** `?paciente=`: open (or create) that patient's chat. */
  paciente?: number;
  /** Keeps `?paciente=` in step with the open chat. */
  onPacienteAbierto: (id: number | undefined) => void;
}

/** The psychologist's chat screen (spec 1 §2 Chat): sidebar with search and list, conversation pane. */
export function PantallaChat({ paciente, onPacienteAbierto }: PantallaChatProps) {
  const { chats, listaCargada, errorLista, seleccionado, escribiendo, busqueda, setBusqueda, abierto } = useConversaciones(ladoPsicologo);
  const [nuevoAbierto, setNuevoAbierto] = useState(false);
  const pacienteManejado = useRef<number | null>(null);

  // `?paciente=ID` (spec 1 §2; the patient file's Abrir/Crear Chat buttons link here).
  useEffect(() => {
    if (!paciente || !listaCargada || pacienteManejado.current === paciente) return;
    pacienteManejado.current = paciente;
    const existente = chats.find((c) => c.tipo === 'paciente' && c.id_paciente === paciente);
    if (existente) {
      void chatPsicologo.seleccionar(existente.id_chat);
      return;
    }
    crearChat(paciente)
      .then((c) => chatPsicologo.agregarYSeleccionar(c))
      .catch(async (e) => {
        if (e instanceof ApiError && e.status === 409) {
          await chatPsicologo.cargarLista();
          const c = chatPsicologo.useConv.getState().chats.find((x) => x.tipo === 'paciente' && x.id_paciente === paciente);
          if (c) void chatPsicologo.seleccionar(c.id_chat);
          return;
        }
        if (e instanceof ApiError && e.sesionCerrada) return;
        toast.error('Error', e instanceof ApiError && e.status === 404 ? (e.msg ?? TEXTOS_CHAT.errorCrear) : TEXTOS_CHAT.errorCrear);
      });
  }, [paciente, listaCargada, chats]);

  const seleccionar = (c: Chat) => {
    void chatPsicologo.seleccionar(c.id_chat);
    pacienteManejado.current = c.id_paciente;
    onPacienteAbierto(c.tipo === 'paciente' ? (c.id_paciente ?? undefined) : undefined);
  };

  return (
    <>
      <DisenoConversaciones
        busqueda={busqueda}
        onBusquedaChange={setBusqueda}
        textoNuevo={TEXTOS_CHAT.nuevoChat}
        onNuevo={() => setNuevoAbierto(true)}
        listaCargada={listaCargada}
        textoCargando="Cargando chats..."
        lista={
          <ListaConversaciones
            lado={ladoPsicologo}
            etiqueta="Chats"
            chats={chats}
            seleccionado={seleccionado}
            escribiendo={escribiendo}
            buscando={busqueda.trim() !== ''}
            onSeleccionar={seleccionar}
            vacio={{ titulo: TEXTOS_CHAT.sinChats, accion: TEXTOS_CHAT.crearPrimerChat, onNuevo: () => setNuevoAbierto(true) }}
            error={{ activo: errorLista, texto: TEXTOS_CHAT.errorCargarChats, onReintentar: () => void chatPsicologo.cargarLista() }}
          />
        }
        conversacion={
          abierto ? (
            <PanelConversacion
              lado={ladoPsicologo}
              abierto={abierto}
              subtitulo={abierto.tipo === 'admin' ? 'Administración de MiDuelo' : abierto.paciente?.email}
              etiquetaVolver="Volver a los chats"
              onVolver={() => {
                void chatPsicologo.seleccionar(null);
                onPacienteAbierto(undefined);
              }}
            />
          ) : null
        }
        sinSeleccion={{ titulo: TEXTOS_CHAT.seleccionaChat, texto: 'Los mensajes nuevos y los no leídos aparecen al momento.' }}
      />
      <NuevoChatDialog
        abierto={nuevoAbierto}
        onAbiertoChange={setNuevoAbierto}
        onCreado={(c) => {
          chatPsicologo.agregarYSeleccionar(c);
          pacienteManejado.current = c.id_paciente;
          onPacienteAbierto(c.id_paciente ?? undefined);
        }}
        onYaExiste={() => void chatPsicologo.cargarLista()}
      />
    </>
  );
}
