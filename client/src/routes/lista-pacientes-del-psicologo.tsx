import { createFileRoute } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { requerirSesion } from '../lib/guards';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/lista-pacientes-del-psicologo')({
  staticData: { titulo: 'Pacientes' },
  beforeLoad: requerirSesion,
  component: ListaPacientes,
});

function ListaPacientes() {
  return (
    <PaginaApp titulo="Listado de Pacientes" descripcion="Las personas que acompañas y el acceso a su expediente.">
      <EmptyState
        icono={Users}
        titulo="Tus pacientes"
        texto="Aquí verás a tus pacientes vinculados. Cada paciente se une desde la app con tu código de vinculación."
      />
    </PaginaApp>
  );
}
