import { createFileRoute } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/pacientes')({
  staticData: { titulo: 'Pacientes' },
  component: AdminPacientes,
});

function AdminPacientes() {
  return (
    <PaginaApp titulo="Pacientes" descripcion="Asignación de pacientes a psicólogos y estado de sus cuentas.">
      <EmptyState
        icono={Users}
        titulo="Pacientes de la plataforma"
        texto="Aquí verás a todos los pacientes, el psicólogo que los acompaña y el estado de su cuenta."
      />
    </PaginaApp>
  );
}
