import { createFileRoute } from '@tanstack/react-router';
import { PantallaChat } from '@/features/chat/components/pantalla-chat';
import { requerirSesion } from '@/lib/guards';
import { busquedaChat } from '@/lib/search';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/chat-pacientes-del-psicologo')({
  staticData: { titulo: 'Chat' },
  validateSearch: busquedaChat,
  beforeLoad: requerirSesion,
  component: ChatPacientes,
});

function ChatPacientes() {
  const { paciente, chat } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaginaApp titulo="Chat" descripcion="Conversaciones con tus pacientes.">
      <PantallaChat paciente={paciente} chat={chat} onUrl={(search, replace) => void navigate({ search, replace })} />
    </PaginaApp>
  );
}
