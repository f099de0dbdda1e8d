import { createFileRoute } from '@tanstack/react-router';
import { PantallaPsicologos } from '@/features/administracion/pantallas';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/psicologos')({
  staticData: { titulo: 'Psicólogos' },
  component: AdminPsicologos,
});

function AdminPsicologos() {
  return (
    <PaginaApp amplia titulo="Psicólogos" descripcion="Validación de cédulas, estado de las cuentas y datos de cada profesional.">
      <PantallaPsicologos />
    </PaginaApp>
  );
}
