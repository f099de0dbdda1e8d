import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { createFileRoute } from '@tanstack/react-router';
import { PantallaSupervision } from '@/features/supervision/components/pantalla-supervision';
import { PaginaApp } from '@/routes/-components/pagina-app';

// Issue 55 (decisions 365, 366, 368): conversations' metadata, crisis alerts, break-glass reading.
export const Route = createFileRoute('/admin/supervision')({
  // A literal: the route tree is in every first load, and the texts module would bring supervision's
  // schemas with it (the login and agenda budgets, decision 080).
  staticData: { titulo: 'Supervisión' },
  component: AdminSupervision,
});

function AdminSupervision() {
  return (
    <PaginaApp titulo={T.titulo} descripcion={T.descripcion}>
      <PantallaSupervision />
    </PaginaApp>
  );
}
