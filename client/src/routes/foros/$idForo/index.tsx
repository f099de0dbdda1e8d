import { createFileRoute, redirect } from '@tanstack/react-router';
import { DetalleForo } from '@/features/foros/components/detalle-foro';
import { requerirSesion } from '@/lib/guards';
import { idNumerico } from '@/lib/search';

export const Route = createFileRoute('/foros/$idForo/')({
  staticData: { titulo: 'Foro' },
  beforeLoad: ({ params, location }) => {
    requerirSesion({ location });
    // Forum ids are numeric (spec 2 §5); anything else goes back to the list.
    if (idNumerico(params.idForo) === null) throw redirect({ to: '/foros' });
  },
  component: Foro,
});

function Foro() {
  const { idForo } = Route.useParams();
  return <DetalleForo key={idForo} idForo={Number(idForo)} />;
}
