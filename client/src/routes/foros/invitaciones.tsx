import { createFileRoute } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { requerirPsicologo } from '@/lib/guards';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/invitaciones')({
  staticData: { titulo: 'Mis Invitaciones' },
  beforeLoad: requerirPsicologo,
  component: Invitaciones,
});

function Invitaciones() {
  return (
    <PaginaApp titulo="Mis Invitaciones" descripcion="Invitaciones para moderar foros de la comunidad.">
      <EmptyState
        icono={Inbox}
        titulo="Tus invitaciones"
        texto="Cuando alguien te invite a moderar un foro, podrás aceptar o rechazar la invitación aquí."
      />
    </PaginaApp>
  );
}
