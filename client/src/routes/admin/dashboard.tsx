import { createFileRoute } from '@tanstack/react-router';
import { PantallaPanel } from '@/features/administracion/pantallas';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/dashboard')({
  staticData: { titulo: 'Panel' },
  component: AdminPanel,
});

function AdminPanel() {
  return (
    <PaginaApp titulo="Panel administrativo" descripcion="La plataforma hoy, al momento, y las cédulas por validar.">
      <PantallaPanel />
    </PaginaApp>
  );
}
