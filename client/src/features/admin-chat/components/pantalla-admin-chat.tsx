import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { useState } from 'react';
import { DisenoConversaciones } from '@/features/conversacion/diseno-conversaciones';
import { ListaConversaciones } from '@/features/conversacion/lista-conversaciones';
import { PanelConversacion } from '@/features/conversacion/panel-conversacion';
import { useConversaciones } from '@/features/conversacion/use-conversaciones';
import { ladoAdmin } from '@/features/admin-chat/presentacion';
import { chatAdmin } from '@/features/admin-chat/store';
import { NuevaConversacionDialog } from './nueva-conversacion-dialog';

/** The administrator's chat screen (spec 2 §2 Admin chat). */
export function PantallaAdminChat() {
  const { chats, listaCargada, errorLista, seleccionado, escribiendo, busqueda, setBusqueda, abierto } = useConversaciones(ladoAdmin);
  const [nuevaAbierta, setNuevaAbierta] = useState(false);

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
            onSeleccionar={(c) => void chatAdmin.seleccionar(c.id_chat_admin)}
            vacio={{
              titulo: TEXTOS_CHAT.admin.sinConversaciones,
              accion: TEXTOS_CHAT.admin.nuevaConversacion,
              onNuevo: () => setNuevaAbierta(true),
            }}
            error={{
              activo: errorLista,
              texto: TEXTOS_CHAT.admin.errorCargarConversaciones,
              onReintentar: () => void chatAdmin.cargarLista(),
            }}
          />
        }
        conversacion={
          abierto ? (
            <PanelConversacion
              lado={ladoAdmin}
              abierto={abierto}
              subtitulo={abierto.destinatario.email}
              etiquetaVolver="Volver a las conversaciones"
              onVolver={() => void chatAdmin.seleccionar(null)}
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
        onCreada={(c) => chatAdmin.agregarYSeleccionar(c)}
        onYaExiste={() => void chatAdmin.cargarLista()}
      />
    </>
  );
}
