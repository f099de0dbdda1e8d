import { MSG } from '@miduelo/shared/cuentas';
import { RETRASO_TRAS_ACTIVACION_MS } from '@miduelo/shared/constants';
import { TEXTOS_CUENTA } from '@miduelo/shared/cuentas-textos-web';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck, TriangleExclamationPoint } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button, botonClases } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { mensajeDeError } from '@/nucleo/http';
import { activarCuenta } from '@/api/cuentas';
import { reenviarCorreoActivacion } from '@/features/cuentas/use-reenvio-activacion';

type Estado = { tipo: 'cargando' } | { tipo: 'exito' } | { tipo: 'error'; mensaje: string };

/** Activation screen (spec 1 §2): loading, then success (login after 3 s) or the failure message. */
export function ActivarCuenta({ token }: { token?: string }) {
  const navigate = useNavigate();
  const [estado, setEstado] = useState<Estado>(token ? { tipo: 'cargando' } : { tipo: 'error', mensaje: TEXTOS_CUENTA.activacionSinToken });

  useEffect(() => {
    if (!token) return;
    let vigente = true;
    let temporizador: number | undefined;
    activarCuenta(token)
      .then(() => {
        if (!vigente) return;
        setEstado({ tipo: 'exito' });
        temporizador = window.setTimeout(() => void navigate({ to: '/iniciar-sesion' }), RETRASO_TRAS_ACTIVACION_MS);
      })
      .catch((error: unknown) => {
        if (vigente) setEstado({ tipo: 'error', mensaje: mensajeDeError(error, TEXTOS_CUENTA.activacionError) });
      });
    return () => {
      vigente = false;
      window.clearTimeout(temporizador);
    };
  }, [token, navigate]);

  if (estado.tipo === 'cargando') {
    return (
      <p role="status" className="flex items-center gap-3 text-tinta-600">
        <Spinner className="size-5 text-salvia-500" /> Activando tu cuenta...
      </p>
    );
  }

  if (estado.tipo === 'exito') {
    return (
      <div role="status" className="flex flex-col gap-5">
        <div className="flex items-start gap-3 rounded-xl bg-exito-50 p-4 text-exito-700">
          <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">{MSG.activacionExitosa}</p>
            <p className="mt-1 text-sm">En unos segundos te llevaremos a iniciar sesión.</p>
          </div>
        </div>
        <Link to="/iniciar-sesion" className={botonClases('primario', 'lg')}>
          Ir a iniciar sesión
        </Link>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div role="alert" className="flex items-start gap-3 rounded-xl bg-peligro-50 p-4 text-peligro-700">
        <TriangleExclamationPoint className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p className="font-medium">{estado.mensaje}</p>
      </div>
      <ReenviarActivacion />
    </div>
  );
}

function ReenviarActivacion() {
  const [correo, setCorreo] = useState('');
  const [enviando, setEnviando] = useState(false);
  async function enviar(e: FormEvent) {
    e.preventDefault();
    setEnviando(true);
    await reenviarCorreoActivacion(correo);
    setEnviando(false);
  }
  return (
    <form onSubmit={enviar} noValidate className="flex flex-col gap-3 border-t border-arena-200 pt-6">
      <p className="text-sm text-tinta-600">¿Tu enlace expiró? Escribe tu correo y te enviaremos uno nuevo.</p>
      <Field id="correoReenvio" etiqueta="Correo electrónico">
        {(c) => <Input {...c} type="email" autoComplete="email" value={correo} onChange={(e) => setCorreo(e.target.value)} />}
      </Field>
      <Button type="submit" variante="secundario" cargando={enviando}>
        Reenviar correo de activación
      </Button>
    </form>
  );
}
