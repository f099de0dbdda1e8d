import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { useEffect, useState } from 'react';
import { DisenoConversaciones } from '@/features/chat/components/diseno-conversaciones';
import { ListaConversaciones } from '@/features/chat/components/lista-conversaciones';
import { PanelConversacion } from '@/features/chat/components/panel-conversacion';
import { useConversaciones } from '@/features/chat/use-conversaciones';
import { ladoAdmin } from './presentacion-admin';
import { NuevaConversacionDialog } from './nueva-conversacion-dialog';

/** The administrator's chat screen (spec 2 §2 Admin chat). */
export function PantallaAdminChat({ chat, onChat }: { chat?: number; onChat: (id: number | undefined, reemplazar: boolean) => void }) {
  const { conv, chats, listaCargada, errorLista, seleccionado, escribiendo, busqueda, setBusqueda, abierto } = useConversaciones(ladoAdmin);
  const [nuevaAbierta, setNuevaAbierta] = useState(false);

  // `?chat=`: the open conversation is part of the URL (Back returns to the list, reload keeps it).
  useEffect(() => {
    void conv.seleccionar(chat ?? null);
  }, [chat, conv]);

  return (
    <>
      <DisenoConversaciones
        busqueda={busqueda}
        onBusquedaChange={setBusqueda}
        textoNuevo={TEXTOS_CHAT.admin.nuevaConversacion}
        onNuevo={() => setNuevaAbierta(true)}
        listaCargada={listaCargada}
        textoCargando="Cargando conversaciones..."
        lista={
          <ListaConversaciones
            lado={ladoAdmin}
            etiqueta="Conversaciones"
            chats={chats}
            seleccionado={seleccionado}
            escribiendo={escribiendo}
            buscando={busqueda.trim() !== ''}
            onSeleccionar={(c) => {
              void conv.seleccionar(c.id_chat_admin);
              onChat(c.id_chat_admin, false);
            }}
            vacio={{
              titulo: TEXTOS_CHAT.admin.sinConversaciones,
              accion: TEXTOS_CHAT.admin.nuevaConversacion,
              onNuevo: () => setNuevaAbierta(true),
            }}
            error={{
              activo: errorLista,
              texto: TEXTOS_CHAT.admin.errorCargarConversaciones,
              onReintentar: () => void conv.cargarLista(),
            }}
          />
        }
        conversacion={
          abierto ? (
            <PanelConversacion
              lado={ladoAdmin}
              conv={conv}
              abierto={abierto}
              subtitulo={abierto.destinatario.email}
              etiquetaVolver="Volver a las conversaciones"
              onVolver={() => {
                void conv.seleccionar(null);
                onChat(undefined, true);
              }}
              textoVacio={TEXTOS_CHAT.admin.iniciaConversacion}
            />
          ) : null
        }
        sinSeleccion={{
          titulo: TEXTOS_CHAT.admin.seleccionaConversacion,
          texto: 'Las respuestas de psicólogos y pacientes aparecen al momento.',
        }}
      />
      <NuevaConversacionDialog
        abierto={nuevaAbierta}
        onAbiertoChange={setNuevaAbierta}
        onCreada={(c) => {
          conv.agregarYSeleccionar(c);
          onChat(c.id_chat_admin, false);
        }}
        onYaExiste={() => void conv.cargarLista()}
      />
    </>
  );
}
