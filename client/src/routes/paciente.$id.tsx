import { createFileRoute, redirect } from '@tanstack/react-router';
import { Expediente } from '@/features/expediente/components/expediente';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';
import { PESTANAS_EXPEDIENTE } from './-components/pestanas-expediente';

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
  return <Expediente idPaciente={Number(id)} pestanas={PESTANAS_EXPEDIENTE} />;
}
