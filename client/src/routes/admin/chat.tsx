import { createFileRoute } from '@tanstack/react-router';
import { PantallaAdminChat } from '@/features/chat/admin/pantalla-admin-chat';
import { busquedaChatAdmin } from '@/lib/search';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/chat')({
  staticData: { titulo: 'Chat' },
  validateSearch: busquedaChatAdmin,
  component: AdminChat,
});

function AdminChat() {
  const { chat } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaginaApp titulo="Chat" descripcion="Conversaciones con psicólogos y pacientes.">
      <PantallaAdminChat chat={chat} onChat={(id, replace) => void navigate({ search: id ? { chat: id } : {}, replace })} />
    </PaginaApp>
  );
}
