import { createFileRoute, Link } from '@tanstack/react-router';
import { LoginForm } from '@/features/cuentas/components/login-form';
import { MarcoCuenta } from '@/features/cuentas/components/marco-cuenta';
import { soloVisitantes } from '@/lib/guards';
import { busquedaLogin } from '@/lib/search';

export const Route = createFileRoute('/iniciar-sesion')({
  staticData: { titulo: 'Iniciar sesión' },
  validateSearch: busquedaLogin,
  beforeLoad: soloVisitantes,
  component: IniciarSesion,
});

function IniciarSesion() {
  const { redirect } = Route.useSearch();
  return (
    <MarcoCuenta
      titulo="Iniciar sesión"
      descripcion="Bienvenido de nuevo. Ingresa con el correo de tu cuenta profesional."
      pie={
        <>
          ¿Aún no tienes cuenta?{' '}
          <Link to="/registro" className="font-semibold text-salvia-700 hover:underline">
            Regístrate como psicólogo
          </Link>
        </>
      }
    >
      <LoginForm destino={redirect} />
    </MarcoCuenta>
  );
}
