import { createFileRoute } from '@tanstack/react-router';
import { MisInvitaciones } from '@/features/foros/components/mis-invitaciones';
import { requerirPsicologo } from '@/lib/guards';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/invitaciones')({
  staticData: { titulo: 'Mis Invitaciones' },
  beforeLoad: requerirPsicologo,
  component: () => (
    <PaginaApp titulo="Mis Invitaciones" descripcion="Invitaciones para moderar foros de la comunidad.">
      <MisInvitaciones />
    </PaginaApp>
  ),
});
