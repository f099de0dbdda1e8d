import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Cargando } from '@/components/ui/spinner';
import { Expediente } from '@/features/pacientes/components/expediente';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';

export const Route = createFileRoute('/paciente/$id')({
  staticData: { titulo: 'Expediente del paciente' },
  beforeLoad: ({ params, location }) => {
    requerirSesion({ location });
    if (idNumerico(params.id) === null) throw redirect({ to: '/lista-pacientes-del-psicologo' });
  },
  component: Pagina,
});

// The clinical record's tab is its own chunk, fetched the first time the tab opens.
const PestanaGraficas = lazy(() => import('@/features/expediente/components/pestana-graficas'));

function Pagina() {
  const { id } = Route.useParams();
  const idPaciente = Number(id);
  return (
    <Expediente
      idPaciente={idPaciente}
      pestanaGraficas={
        <Suspense fallback={<Cargando texto="Cargando evaluaciones..." />}>
          <PestanaGraficas idPaciente={idPaciente} />
        </Suspense>
      }
    />
  );
}
