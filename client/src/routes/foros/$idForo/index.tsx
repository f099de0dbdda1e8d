import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/$idForo/')({
  staticData: { titulo: 'Foro' },
  beforeLoad: ({ params, location }) => {
    requerirSesion({ location });
    // Forum ids are numeric (spec 2 §5); anything else goes back to the list.
    if (idNumerico(params.idForo) === null) throw redirect({ to: '/foros' });
  },
  component: Foro,
});

function Foro() {
  return (
    <PaginaApp
      titulo="Foro"
      antes={
        <Link to="/foros" className="inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Volver
        </Link>
      }
    >
      <EmptyState icono={MessagesSquare} titulo="Temas" texto="Los temas del foro y sus participantes aparecerán aquí." />
    </PaginaApp>
  );
}
