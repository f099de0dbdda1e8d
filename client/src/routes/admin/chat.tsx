import { createFileRoute } from '@tanstack/react-router';
import { MessagesSquare } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { PaginaApp } from '../-components/pagina-app';

export const Route = createFileRoute('/admin/chat')({
  staticData: { titulo: 'Chat' },
  component: AdminChat,
});

function AdminChat() {
  return (
    <PaginaApp titulo="Chat" descripcion="Conversaciones con psicólogos y pacientes.">
      <EmptyState
        icono={MessagesSquare}
        titulo="Selecciona una conversación"
        texto="Tus conversaciones con psicólogos y pacientes aparecerán aquí."
      />
    </PaginaApp>
  );
}
