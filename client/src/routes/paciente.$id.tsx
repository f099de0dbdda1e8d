import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Cargando } from '@/components/ui/spinner';
import { Expediente, type PestanasExpediente } from '@/features/pacientes/components/expediente';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';

// Tabs owned by other features, each a chunk loaded when its tab is first opened.
const ModulosDuelo = lazy(() => import('@/features/actividades/components/modulos-duelo'));
const ActividadesPaciente = lazy(() => import('@/features/actividades/components/actividades-paciente'));

const PESTANAS: PestanasExpediente = {
  modulos: (id) => (
    <Suspense fallback={<Cargando />}>
      <ModulosDuelo idPaciente={id} />
    </Suspense>
  ),
  actividades: (id) => (
    <Suspense fallback={<Cargando />}>
      <ActividadesPaciente idPaciente={id} />
    </Suspense>
  ),
};

export const Route = createFileRoute('/paciente/$id')({
  staticData: { titulo: 'Expediente del paciente' },
  beforeLoad: ({ params, location }) => {
    requerirSesion({ location });
    if (idNumerico(params.id) === null) throw redirect({ to: '/lista-pacientes-del-psicologo' });
  },
  component: Pagina,
});

function Pagina() {
  const { id } = Route.useParams();
  return <Expediente idPaciente={Number(id)} pestanas={PESTANAS} />;
}
