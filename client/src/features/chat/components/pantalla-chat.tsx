import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import type { Chat } from '@miduelo/shared/chat-respuestas';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { DisenoConversaciones } from '@/features/chat/components/diseno-conversaciones';
import { ListaConversaciones } from '@/features/chat/components/lista-conversaciones';
import { PanelConversacion } from '@/features/chat/components/panel-conversacion';
import { useConversaciones } from '@/features/chat/use-conversaciones';
import { crearChat } from '@/api/chat';
import { ladoPsicologo } from '@/features/chat/presentacion';
import { IniciarSesionEnLinea } from './iniciar-sesion-en-linea';
import { NuevoChatDialog } from './nuevo-chat-dialog';

interface PantallaChatProps {
  /** `?paciente=`: open (or create) that patient's chat. */
  paciente?: number;
  /** `?chat=`: the open conversation (Back returns to the list, reload keeps it). */
  chat?: number;
  /** Keeps the URL in step with the open chat: a new history entry when the user opens one. */
  onUrl: (search: { paciente?: number; chat?: number }, reemplazar: boolean) => void;
}

/** The psychologist's chat screen (spec 1 §2 Chat): sidebar with search and list, conversation pane. */
export function PantallaChat({ paciente, chat, onUrl }: PantallaChatProps) {
  const { conv, chats, listaCargada, errorLista, seleccionado, escribiendo, busqueda, setBusqueda, abierto } =
    useConversaciones(ladoPsicologo);
  const [nuevoAbierto, setNuevoAbierto] = useState(false);
  const pacienteManejado = useRef<number | null>(null);
  const abrirDesdePaciente = (c: Chat) => onUrl({ paciente: c.id_paciente ?? undefined, chat: c.id_chat }, true);

  // The URL says which conversation is open (Back, Forward, reload).
  useEffect(() => {
    if (chat !== undefined) void conv.seleccionar(chat);
    else if (!paciente) void conv.seleccionar(null);
  }, [chat, paciente, conv]);

  // `?paciente=ID` (spec 1 §2; the patient file's Abrir/Crear Chat buttons link here).
  // biome-ignore lint/correctness/useExhaustiveDependencies: abrirDesdePaciente only writes the URL
  useEffect(() => {
    if (!paciente || !listaCargada || pacienteManejado.current === paciente) return;
    pacienteManejado.current = paciente;
    const existente = chats.find((c) => c.tipo === 'paciente' && c.id_paciente === paciente);
    if (existente) {
      void conv.seleccionar(existente.id_chat);
      // After a reload the URL already names it: writing it again could land after a Back.
      if (chat !== existente.id_chat) abrirDesdePaciente(existente);
      return;
    }
    crearChat(paciente)
      .then((c) => {
        conv.agregarYSeleccionar(c);
        abrirDesdePaciente(c);
      })
      .catch(async (e) => {
        if (e instanceof ApiError && e.status === 409) {
          await conv.cargarLista();
          const c = conv.useConv.getState().chats.find((x) => x.tipo === 'paciente' && x.id_paciente === paciente);
          if (c) {
            void conv.seleccionar(c.id_chat);
            abrirDesdePaciente(c);
          }
          return;
        }
        if (e instanceof ApiError && e.sesionCerrada) return;
        toast.error('Error', e instanceof ApiError && e.status === 404 ? (e.msg ?? TEXTOS_CHAT.errorCrear) : TEXTOS_CHAT.errorCrear);
      });
  }, [paciente, listaCargada, chats, conv]);

  const seleccionar = (c: Chat) => {
    void conv.seleccionar(c.id_chat);
    pacienteManejado.current = c.id_paciente;
    onUrl({ paciente: c.tipo === 'paciente' ? (c.id_paciente ?? undefined) : undefined, chat: c.id_chat }, false);
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
            error={{ activo: errorLista, texto: TEXTOS_CHAT.errorCargarChats, onReintentar: () => void conv.cargarLista() }}
          />
        }
        conversacion={
          abierto ? (
            <PanelConversacion
              lado={ladoPsicologo}
              conv={conv}
              abierto={abierto}
              subtitulo={abierto.tipo === 'admin' ? 'Administración de MiDuelo' : abierto.paciente?.email}
              etiquetaVolver="Volver a los chats"
              acciones={
                abierto.tipo === 'paciente' && abierto.id_paciente !== null ? (
                  <IniciarSesionEnLinea idPaciente={abierto.id_paciente} />
                ) : undefined
              }
              onVolver={() => {
                void conv.seleccionar(null);
                onUrl({}, true);
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
          conv.agregarYSeleccionar(c);
          pacienteManejado.current = c.id_paciente;
          onUrl({ paciente: c.id_paciente ?? undefined, chat: c.id_chat }, false);
        }}
        onYaExiste={() => void conv.cargarLista()}
      />
    </>
  );
}
