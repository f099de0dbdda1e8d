import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, MessageCirclePlus } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { requerirPsicologo } from '@/lib/guards';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/crear')({
  staticData: { titulo: 'Crear foro' },
  beforeLoad: requerirPsicologo,
  component: CrearForo,
});

function CrearForo() {
  return (
    <PaginaApp titulo="Crear Nuevo Foro" descripcion="Abre un espacio público o privado para tu comunidad." antes={<VolverAForos />}>
      <EmptyState
        icono={MessageCirclePlus}
        titulo="Nuevo foro"
        texto="Define el título, una descripción y si el foro es público o solo por invitación."
      />
    </PaginaApp>
  );
}

function VolverAForos() {
  return (
    <Link to="/foros" className="inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> Volver a foros
    </Link>
  );
}
