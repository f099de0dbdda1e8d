import { createFileRoute } from '@tanstack/react-router';
import { PantallaPacientes } from '@/features/administracion/pantallas';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/pacientes')({
  staticData: { titulo: 'Pacientes' },
  component: AdminPacientes,
});

function AdminPacientes() {
  return (
    <PaginaApp titulo="Pacientes" descripcion="Asignación de pacientes a psicólogos y estado de sus cuentas.">
      <PantallaPacientes />
    </PaginaApp>
  );
}
