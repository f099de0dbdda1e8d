import { createFileRoute } from '@tanstack/react-router';
import { MarcoCuenta } from '@/features/auth/components/marco-cuenta';
import { RestablecerForm } from '@/features/auth/components/restablecer-form';

export const Route = createFileRoute('/restablecer-contrasena/{-$token}')({
  staticData: { titulo: 'Restablecer contraseña' },
  component: Restablecer,
});

function Restablecer() {
  const { token } = Route.useParams();
  return (
    <MarcoCuenta titulo="Restablecer contraseña" descripcion="Elige una contraseña nueva para tu cuenta.">
      <RestablecerForm token={token?.trim() || undefined} />
    </MarcoCuenta>
  );
}
