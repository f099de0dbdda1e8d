import { createFileRoute } from '@tanstack/react-router';
import { ActivarCuenta } from '@/features/cuentas/components/activar-cuenta';
import { MarcoCuenta } from '@/features/cuentas/components/marco-cuenta';

export const Route = createFileRoute('/activar-cuenta/{-$token}')({
  staticData: { titulo: 'Activar cuenta' },
  component: Activacion,
});

function Activacion() {
  const { token } = Route.useParams();
  return (
    <MarcoCuenta titulo="Activación de cuenta">
      <ActivarCuenta token={token?.trim() || undefined} />
    </MarcoCuenta>
  );
}
