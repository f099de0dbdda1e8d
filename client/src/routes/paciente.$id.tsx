import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { ArrowLeft, UserRound } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { requerirSesion } from '../lib/guards';
import { idNumerico } from '../lib/search';
import { PaginaApp } from './-components/pagina-app';

export const Route = createFileRoute('/paciente/$id')({
  staticData: { titulo: 'Expediente del paciente' },
  beforeLoad: ({ params }) => {
    requerirSesion();
    if (idNumerico(params.id) === null) throw redirect({ to: '/lista-pacientes-del-psicologo' });
  },
  component: Paciente,
});

function Paciente() {
  const { id } = Route.useParams();
  return (
    <PaginaApp
      titulo="Expediente del paciente"
      descripcion={`ID: ${id}`}
      antes={
        <Link
          to="/lista-pacientes-del-psicologo"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-salvia-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Volver a pacientes
        </Link>
      }
    >
      <EmptyState
        icono={UserRound}
        titulo="Información del paciente"
        texto="Información general, evaluaciones y notas, módulos de duelo y actividades asignadas."
      />
    </PaginaApp>
  );
}
