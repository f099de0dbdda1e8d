import { createFileRoute } from '@tanstack/react-router';
import { Catalogo } from '@/features/actividades/components/catalogo';
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
      <Catalogo />
    </PaginaApp>
  );
}
