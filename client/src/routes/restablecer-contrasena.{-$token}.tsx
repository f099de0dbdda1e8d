import { createFileRoute } from '@tanstack/react-router';
import { MarcoCuenta } from '@/features/cuentas/components/marco-cuenta';
import { RestablecerForm } from '@/features/cuentas/components/restablecer-form';

export const Route = createFileRoute('/restablecer-contrasena/{-$token}')({
  staticData: { titulo: 'Restablecer contraseña' },
  component: Restablecer,
});

function Restablecer() {
  const { token } = Route.useParams();
  // `?cuenta=paciente`: a patient's link (read here, not by a search validator in the first load).
  const cuenta = new URLSearchParams(window.location.search).get('cuenta') === 'paciente' ? 'paciente' : 'psicologo';
  return (
    <MarcoCuenta titulo="Restablecer contraseña" descripcion="Elige una contraseña nueva para tu cuenta.">
      <RestablecerForm token={token?.trim() || undefined} cuenta={cuenta} />
    </MarcoCuenta>
  );
}
