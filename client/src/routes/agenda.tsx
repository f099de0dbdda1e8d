import { createFileRoute } from '@tanstack/react-router';
import { CalendarDays } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { requerirSesion } from '../lib/guards';
import { busquedaPaciente } from '../lib/search';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/agenda')({
  staticData: { titulo: 'Agenda' },
  validateSearch: busquedaPaciente,
  beforeLoad: requerirSesion,
  component: Agenda,
});

function Agenda() {
  const { paciente } = Route.useSearch();
  return (
    <PaginaApp titulo="Agenda" descripcion="Tus citas de la semana y tu horario de atención.">
      <EmptyState
        icono={CalendarDays}
        titulo={paciente ? `Agendar una cita para el paciente ${paciente}` : 'Tu semana'}
        texto="Las citas aparecerán aquí, organizadas por día y hora, con su estado: pendiente, confirmada o cancelada."
      />
    </PaginaApp>
  );
}
