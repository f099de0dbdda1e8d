import { createFileRoute } from '@tanstack/react-router';
import { Card } from '@/components/ui/card';
import { RegistroForm } from '@/features/cuentas/components/registro-form';
import { soloVisitantes } from '@/lib/guards';

export const Route = createFileRoute('/registro')({
  staticData: { titulo: 'Registro de psicólogos' },
  beforeLoad: soloVisitantes,
  component: Registro,
});

function Registro() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="mb-8">
        <h1 className="text-4xl font-semibold tracking-tight">Crea tu cuenta profesional</h1>
        <p className="mt-3 text-tinta-600">
          Regístrate para acompañar a tus pacientes en su proceso de duelo. Validaremos tu cédula profesional y te enviaremos un correo para
          activar la cuenta.
        </p>
      </div>
      <Card className="p-6 sm:p-9">
        <RegistroForm />
      </Card>
    </div>
  );
}
