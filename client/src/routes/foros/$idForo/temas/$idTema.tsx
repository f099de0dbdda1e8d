import { createFileRoute, redirect } from '@tanstack/react-router';
import { Conversacion } from '@/features/foros/components/conversacion';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';

export const Route = createFileRoute('/foros/$idForo/temas/$idTema')({
  staticData: { titulo: 'Conversación' },
  beforeLoad: ({ params, location }) => {
    requerirSesion({ location });
    if (idNumerico(params.idForo) === null || idNumerico(params.idTema) === null) throw redirect({ to: '/foros' });
  },
  component: Tema,
});

function Tema() {
  const { idForo, idTema } = Route.useParams();
  return <Conversacion key={idTema} idForo={Number(idForo)} idTema={Number(idTema)} />;
}
