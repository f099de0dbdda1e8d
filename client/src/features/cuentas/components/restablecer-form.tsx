import { formularioRestablecerSchema, MSG } from '@miduelo/shared/cuentas';
import { RETRASO_TRAS_RESTABLECER_MS, TOAST_CUENTA_MS } from '@miduelo/shared/constants';
import { TEXTOS_CUENTA } from '@miduelo/shared/cuentas-textos-web';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck, TriangleExclamationPoint } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { esFalloDeRed } from '@/nucleo/live/optimista';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { type CuentaRestablecer, restablecerContrasena, verificarTokenRestablecer } from '@/api/cuentas';
import { RequisitosContrasena } from './requisitos-contrasena';

const inicial = { nuevaContrasena: '', confirmarContrasena: '' };
type EstadoEnlace = 'verificando' | 'valido' | 'invalido' | 'sinComprobar' | 'listo';

/** The check could not reach the server (no connection, a 5xx): the link is not known to be bad. */
const sinRespuesta = (e: unknown) => e instanceof ApiError && esFalloDeRed(e.status);

export function RestablecerForm({ token, cuenta = 'psicologo' }: { token?: string; cuenta?: CuentaRestablecer }) {
  const navigate = useNavigate();
  const form = useForm(formularioRestablecerSchema, inicial);
  const [enviando, setEnviando] = useState(false);
  const [listo, setListo] = useState(false);
  const temporizador = useRef<number | undefined>(undefined);
  // The link is checked once when the page opens (a check, not live data: decision 060).
  const verificacion = useLiveResource({
    fetch: (signal) => verificarTokenRestablecer(token ?? '', signal, cuenta),
    enabled: Boolean(token),
    vigilar: false,
    deps: [token],
  });
  const respuesta = verificacion.data;
  const estado: EstadoEnlace = listo
    ? 'listo'
    : token && respuesta === undefined && sinRespuesta(verificacion.error)
      ? 'sinComprobar'
      : !token || verificacion.error
        ? 'invalido'
        : respuesta === undefined
          ? 'verificando'
          : respuesta?.valido
            ? 'valido'
            : 'invalido';

  useEffect(() => () => window.clearTimeout(temporizador.current), []);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (!token || estado !== 'valido') return;
    form.tocarTodo();
    const resultado = form.resultado;
    if (!resultado.success) return;
    setEnviando(true);
    try {
      await restablecerContrasena(token, resultado.output.nuevaContrasena, cuenta);
      toast.exito('Contraseña restablecida', MSG.restablecerExitoso, { duracion: TOAST_CUENTA_MS });
      setListo(true);
      // A patient signs in on the mobile app, not on this site's login page.
      if (cuenta === 'paciente') return;
      temporizador.current = window.setTimeout(() => void navigate({ to: '/iniciar-sesion' }), RETRASO_TRAS_RESTABLECER_MS);
    } catch (error) {
      toast.error('Error', mensajeDeError(error, TEXTOS_CUENTA.restablecerError));
    } finally {
      setEnviando(false);
    }
  }

  if (estado === 'verificando') {
    return (
      <p role="status" className="flex items-center gap-3 text-tinta-600">
        <Spinner className="size-5 text-salvia-500" /> Verificando el enlace...
      </p>
    );
  }

  if (estado === 'listo') {
    return (
      <div role="status" className="flex items-start gap-3 rounded-xl bg-exito-50 p-4 text-exito-700">
        <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
        <div>
          <p>{MSG.restablecerExitoso}</p>
          {/* A patient signs in on their app (/app, a page of its own). */}
          {cuenta === 'paciente' && (
            <a href="/app/entrar" className="mt-2 inline-block font-semibold underline underline-offset-4">
              Iniciar sesión en MiDuelo
            </a>
          )}
        </div>
      </div>
    );
  }

  const deshabilitado = estado !== 'valido' || enviando;
  return (
    <form onSubmit={enviar} noValidate className="flex flex-col gap-5">
      {estado === 'sinComprobar' ? (
        <ErrorCarga texto={TEXTOS_CUENTA.enlaceSinComprobar} onReintentar={verificacion.recargar} className="py-6" />
      ) : null}
      {estado === 'invalido' ? (
        <div role="alert" className="flex items-start gap-3 rounded-xl bg-peligro-50 p-4 text-peligro-700">
          <TriangleExclamationPoint className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-medium">{MSG.tokenRestablecerInvalido}</p>
            <p className="mt-1 text-sm">
              Puedes solicitar un enlace nuevo desde{' '}
              <Link to="/iniciar-sesion" className="font-semibold underline underline-offset-4">
                Iniciar sesión
              </Link>{' '}
              con la opción «¿Olvidaste tu contraseña?».
            </p>
          </div>
        </div>
      ) : null}
      <fieldset disabled={deshabilitado} className="flex flex-col gap-5 disabled:opacity-60">
        <Field id="nuevaContrasena" etiqueta="Nueva contraseña" error={form.errorDe('nuevaContrasena')}>
          {(c) => (
            <PasswordInput
              {...c}
              autoComplete="new-password"
              value={form.valores.nuevaContrasena}
              onChange={(e) => form.cambiar('nuevaContrasena', e.target.value)}
              onBlur={() => form.tocar('nuevaContrasena')}
            />
          )}
        </Field>
        <RequisitosContrasena contrasena={form.valores.nuevaContrasena} />
        <Field id="confirmarContrasena" etiqueta="Confirmar contraseña" error={form.errorDe('confirmarContrasena')}>
          {(c) => (
            <PasswordInput
              {...c}
              autoComplete="new-password"
              value={form.valores.confirmarContrasena}
              onChange={(e) => form.cambiar('confirmarContrasena', e.target.value)}
              onBlur={() => form.tocar('confirmarContrasena')}
            />
          )}
        </Field>
        <Button type="submit" tamano="lg" cargando={enviando} disabled={deshabilitado}>
          {enviando ? 'Guardando...' : 'Restablecer contraseña'}
        </Button>
      </fieldset>
    </form>
  );
}
