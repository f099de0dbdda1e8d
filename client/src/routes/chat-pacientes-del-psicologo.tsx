import { createFileRoute } from '@tanstack/react-router';
import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { requerirSesion } from '../lib/guards';
import { busquedaPaciente } from '../lib/search';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/chat-pacientes-del-psicologo')({
  staticData: { titulo: 'Chat' },
  validateSearch: busquedaPaciente,
  beforeLoad: requerirSesion,
  component: ChatPacientes,
});

function ChatPacientes() {
  return (
    <PaginaApp titulo="Chat" descripcion="Conversaciones con tus pacientes.">
      <EmptyState
        icono={MessagesSquare}
        titulo="Selecciona un chat para comenzar"
        texto="Tus conversaciones aparecerán aquí, con los mensajes nuevos al momento."
      />
    </PaginaApp>
  );
}
