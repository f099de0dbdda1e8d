import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Cargando } from '@/components/ui/spinner';
import { PantallaSala } from '@/features/sesiones/components/pantalla-sala';
import { TEXTOS_SALA_WEB } from '@/features/sesiones/textos';
import { requerirPsicologo } from '@/lib/guards';
import { idNumerico } from '@/lib/search';

// The chat panel of the room is its own chunk, fetched when opened.
const ChatEnSala = lazy(() => import('@/features/chat/components/chat-en-sala'));

/** `?admitir=1`: opened from the shell's "Admitir" (decision 362): admit the waiting patient on
 * entry. A plain function, not a schema: this part of the route is in every first load. */
const busquedaSala = (s: Record<string, unknown>): { admitir?: 1 } => (s.admitir === 1 || s.admitir === '1' ? { admitir: 1 } : {});

export const Route = createFileRoute('/sesion/$idSesion')({
  staticData: { titulo: 'Sesión en línea' },
  validateSearch: busquedaSala,
  beforeLoad: ({ params, location }) => {
    requerirPsicologo({ location });
    if (idNumerico(params.idSesion) === null) throw redirect({ to: '/agenda' });
  },
  component: Pagina,
});

function Pagina() {
  const { idSesion } = Route.useParams();
  const { admitir } = Route.useSearch();
  return (
    <PantallaSala
      key={idSesion}
      idSesion={Number(idSesion)}
      admitirAlEntrar={admitir !== undefined}
      panelChat={({ idPaciente, cerrar }) => (
        <Suspense fallback={<Cargando />}>
          <ChatEnSala idPaciente={idPaciente} cerrar={cerrar} etiquetaCerrar={TEXTOS_SALA_WEB.cerrarChat} />
        </Suspense>
      )}
    />
  );
}
