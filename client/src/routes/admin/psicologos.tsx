import { createFileRoute } from '@tanstack/react-router';
import { Stethoscope } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/psicologos')({
  staticData: { titulo: 'Psicólogos' },
  component: AdminPsicologos,
});

function AdminPsicologos() {
  return (
    <PaginaApp titulo="Psicólogos" descripcion="Validación de cédulas, estado de las cuentas y datos de cada profesional.">
      <EmptyState
        icono={Stethoscope}
        titulo="Profesionales registrados"
        texto="Aquí verás a los psicólogos de la plataforma, con el estado de su cédula y de su cuenta."
      />
    </PaginaApp>
  );
}
