import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { CrearForo } from '@/features/foros/components/crear-foro';
import { requerirPsicologo } from '@/lib/guards';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/foros/crear')({
  staticData: { titulo: 'Crear foro' },
  beforeLoad: requerirPsicologo,
  component: () => (
    <PaginaApp
      titulo="Crear Nuevo Foro"
      antes={
        <Link to="/foros" className="inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Volver a foros
        </Link>
      }
    >
      <CrearForo />
    </PaginaApp>
  ),
});
