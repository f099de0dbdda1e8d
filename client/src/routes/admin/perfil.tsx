import { createFileRoute, redirect } from '@tanstack/react-router';

// The admin bar's /admin/perfil (spec 2 §2 Shell, no route in the table): the one profile screen.
export const Route = createFileRoute('/admin/perfil')({
  beforeLoad: () => {
    throw redirect({ to: '/configuracion-perfil', replace: true });
  },
});
