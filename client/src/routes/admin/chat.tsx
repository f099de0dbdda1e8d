import { createFileRoute } from '@tanstack/react-router';
import { PantallaAdminChat } from '@/features/chat/admin/pantalla-admin-chat';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/chat')({
  staticData: { titulo: 'Chat' },
  component: AdminChat,
});

function AdminChat() {
  return (
    <PaginaApp titulo="Chat" descripcion="Conversaciones con psicólogos y pacientes.">
      <PantallaAdminChat />
    </PaginaApp>
  );
}
