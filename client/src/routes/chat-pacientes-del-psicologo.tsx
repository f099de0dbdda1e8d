import { createFileRoute } from '@tanstack/react-router';
import { PantallaChat } from '@/features/chat/components/pantalla-chat';
import { requerirSesion } from '@/lib/guards';
import { busquedaPaciente } from '@/lib/search';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/chat-pacientes-del-psicologo')({
  staticData: { titulo: 'Chat' },
  validateSearch: busquedaPaciente,
  beforeLoad: requerirSesion,
  component: ChatPacientes,
});

function ChatPacientes() {
  const { paciente } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaginaApp titulo="Chat" descripcion="Conversaciones con tus pacientes.">
      <PantallaChat paciente={paciente} onPacienteAbierto={(id) => void navigate({ search: id ? { paciente: id } : {}, replace: true })} />
    </PaginaApp>
  );
}
