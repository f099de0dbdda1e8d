import { createFileRoute, Link } from '@tanstack/react-router';
import { MessagesSquare, Plus } from 'lucide-react';
import { botonClases } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/')({
  staticData: { titulo: 'Foros de la Comunidad' },
  component: Foros,
});

function Foros() {
  const esPsicologo = useSession((s) => Boolean(s.usuario?.id_psicologo));
  return (
    <PaginaApp
      titulo="Foros de la Comunidad"
      descripcion="Espacios para conversar sobre el duelo, compartir experiencias y acompañarse."
      acciones={
        esPsicologo ? (
          <Link to="/foros/crear" className={botonClases('primario', 'md')}>
            <Plus className="size-4" aria-hidden /> Crear foro
          </Link>
        ) : null
      }
    >
      <EmptyState
        icono={MessagesSquare}
        titulo="Conversaciones de la comunidad"
        texto="Los foros públicos y aquellos a los que te invitaron aparecerán aquí."
      />
    </PaginaApp>
  );
}
