import { createFileRoute } from '@tanstack/react-router';
import { ActivarCuenta } from '@/features/auth/components/activar-cuenta';
import { MarcoCuenta } from '@/features/auth/components/marco-cuenta';

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
