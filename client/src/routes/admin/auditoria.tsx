import { createFileRoute } from '@tanstack/react-router';
import { PantallaAuditoria } from '@/features/administracion/pantallas';
import { PaginaApp } from '@/routes/-components/pagina-app';

export const Route = createFileRoute('/admin/auditoria')({
  staticData: { titulo: 'Bitácora' },
  component: AdminAuditoria,
});

function AdminAuditoria() {
  return (
    <PaginaApp titulo="Bitácora de auditoría" descripcion="Cada acto administrativo: quién, qué, a quién y cuándo.">
      <PantallaAuditoria />
    </PaginaApp>
  );
}
