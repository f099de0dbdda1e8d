import { createFileRoute } from '@tanstack/react-router';
import { Sprout } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { requerirSesion } from '@/lib/guards';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/actividades-globales')({
  staticData: { titulo: 'Actividades' },
  beforeLoad: requerirSesion,
  component: ActividadesGlobales,
});

function ActividadesGlobales() {
  return (
    <PaginaApp titulo="Actividades globales" descripcion="Tu catálogo de actividades para asignar a tus pacientes.">
      <EmptyState
        icono={Sprout}
        titulo="Catálogo de actividades"
        texto="Meditación, escritura terapéutica, ejercicio físico y más: crea actividades una vez y asígnalas a quien las necesite."
      />
    </PaginaApp>
  );
}
