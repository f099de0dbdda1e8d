import { createFileRoute } from '@tanstack/react-router';
import { PantallaSolicitudes } from '@/features/derechos/components/pantalla-solicitudes';
import { PaginaApp } from '@/routes/-components/pagina-app';

// Issue 56 (decision 378): the queue of ARCO cancellation and opposition requests.
export const Route = createFileRoute('/admin/derechos')({
  staticData: { titulo: 'Derechos ARCO' },
  component: AdminDerechos,
});

function AdminDerechos() {
  return (
    <PaginaApp
      titulo="Derechos ARCO"
      descripcion="Solicitudes de cancelación y oposición de las pacientes, con su plazo legal de 20 días hábiles."
    >
      <PantallaSolicitudes />
    </PaginaApp>
  );
}
