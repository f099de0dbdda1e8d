import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/$idForo/temas/$idTema')({
  staticData: { titulo: 'Conversación' },
  beforeLoad: ({ params, location }) => {
    requerirSesion({ location });
    if (idNumerico(params.idForo) === null || idNumerico(params.idTema) === null) throw redirect({ to: '/foros' });
  },
  component: Tema,
});

function Tema() {
  const { idForo } = Route.useParams();
  return (
    <PaginaApp
      titulo="Conversación"
      antes={
        <Link
          to="/foros/$idForo"
          params={{ idForo }}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Volver al foro
        </Link>
      }
    >
      <EmptyState icono={MessageCircle} titulo="Mensajes del tema" texto="Los mensajes de esta conversación aparecerán aquí." />
    </PaginaApp>
  );
}
