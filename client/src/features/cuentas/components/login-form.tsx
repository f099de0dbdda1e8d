import { type LoginRespuesta, loginSchema, MSG } from '@miduelo/shared/cuentas';
import { TOAST_CUENTA_LARGO_MS, TOAST_CUENTA_MS, UMBRAL_AVISO_VALIDACION_DIAS } from '@miduelo/shared/constants';
import { TEXTOS_CUENTA, textoValidacionPendiente } from '@miduelo/shared/cuentas-textos-web';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Cargando } from '@/components/ui/spinner';
import { ApiError, mostrarError } from '@/nucleo/http';
import { iniciarSesion, rutaInicio, usuarioDeToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { iniciarSesionApi } from '@/api/cuentas';
import { useReenvioActivacion } from '@/features/cuentas/use-reenvio-activacion';
import { RecuperarContrasena } from './recuperar-contrasena';

// The second step loads only for accounts that have one: the login's first load has a budget.
const SegundoPasoForm = lazy(() => import('./segundo-paso-form').then((m) => ({ default: m.SegundoPasoForm })));
// And the required enrolment only for accounts that must have one and have none (decision 382).
const InscripcionObligatoriaForm = lazy(() =>
  import('./inscripcion-obligatoria-form').then((m) => ({ default: m.InscripcionObligatoriaForm })),
);

const inicial = { correo: '', contrasena: '' };

function avisosDeCuenta(respuesta: LoginRespuesta): void {
  if (respuesta.cuenta_limitada) {
    toast.aviso(TEXTOS_CUENTA.accesoLimitadoTitulo, respuesta.advertencia ?? MSG.advertenciaLimitada, {
      duracion: TOAST_CUENTA_LARGO_MS,
    });
    return;
  }
  const dias = respuesta.diasRestantesValidacion;
  if (dias !== null && dias !== undefined && dias <= UMBRAL_AVISO_VALIDACION_DIAS) {
    toast.info(TEXTOS_CUENTA.validacionPendienteTitulo, textoValidacionPendiente(Math.max(dias, 0)), {
      duracion: TOAST_CUENTA_MS,
    });
  }
}

/** `destino`: the page opened while signed out (already checked to be a path of this site). */
export function LoginForm({ destino }: { destino?: string }) {
  const navigate = useNavigate();
  const form = useForm(loginSchema, inicial);
  const [enviando, setEnviando] = useState(false);
  const ofrecerReenvio = useReenvioActivacion();
  // The password was right and the account has a second step (decision 371): its pending token.
  const [tokenMfa, setTokenMfa] = useState<string | null>(null);
  // It must have one and has none (MFA_OBLIGATORIA): the token only enrols.
  const [inscribir, setInscribir] = useState(false);
  const [metodos, setMetodos] = useState<string[]>([]);
  const [conLlave, setConLlave] = useState(false);
  const { correo, contrasena } = form.valores;
  const vacio = correo.trim() === '' || contrasena === '';

  async function entrar(respuesta: LoginRespuesta) {
    if (!iniciarSesion(respuesta.token)) throw new ApiError(500, null);
    const usuario = usuarioDeToken(respuesta.token);
    const nombre = respuesta.usuario?.nombre ?? usuario?.nombre;
    toast.exito(TEXTOS_CUENTA.bienvenidoTitulo, nombre ? `Hola, ${nombre}.` : undefined);
    avisosDeCuenta(respuesta);
    const admin = respuesta.usuario?.rol_admin ?? usuario?.rol_admin ?? false;
    if (usuario && destino) await navigate({ href: destino, replace: true });
    else if (usuario) await navigate({ to: rutaInicio({ ...usuario, rol_admin: admin }), replace: true });
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    // Only this form's own submit (the recovery dialog's form is a React child of it).
    if (e.target !== e.currentTarget) return;
    form.tocarTodo();
    const resultado = form.resultado;
    if (!resultado.success) return;
    setEnviando(true);
    try {
      const respuesta = await iniciarSesionApi(resultado.output);
      if ('mfa_requerida' in respuesta) {
        setInscribir(respuesta.inscripcion_requerida === true);
        setMetodos(respuesta.metodos);
        setTokenMfa(respuesta.token_mfa);
      } else await entrar(respuesta);
    } catch (error) {
      if (error instanceof ApiError && error.cuerpo?.requiereActivacion) {
        toast.aviso(TEXTOS_CUENTA.cuentaNoActivadaTitulo, error.msg ?? MSG.cuentaNoActivada, {
          duracion: TOAST_CUENTA_LARGO_MS,
        });
        ofrecerReenvio(resultado.output.correo);
      } else {
        mostrarError(error);
      }
    } finally {
      setEnviando(false);
    }
  }

  // A passkey instead of the password (decision 375): its code (and the WebAuthn library) loads
  // only on this click.
  async function conLlaveDeAcceso() {
    setConLlave(true);
    const m = await import('../entrar-con-llave').catch(() => null);
    try {
      if (!m) throw new ApiError(0, null);
      await entrar(await m.entrarConLlave());
    } catch (error) {
      if (error instanceof ApiError || !m) mostrarError(error);
      else toast.aviso(m.TITULO_LLAVES, (error as Error).message);
    } finally {
      setConLlave(false);
    }
  }

  const volver = () => {
    setTokenMfa(null);
    form.cambiar('contrasena', '');
  };
  if (tokenMfa)
    return (
      <Suspense fallback={<Cargando texto="Cargando..." />}>
        {inscribir ? (
          <InscripcionObligatoriaForm tokenMfa={tokenMfa} alEntrar={entrar} alVolver={volver} />
        ) : (
          <SegundoPasoForm tokenMfa={tokenMfa} metodos={metodos} alEntrar={entrar} alVolver={volver} />
        )}
      </Suspense>
    );

  return (
    <form onSubmit={enviar} noValidate className="flex flex-col gap-5">
      <Field id="correo" etiqueta="Correo electrónico" error={form.errorDe('correo')}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="tu@correo.com"
            value={correo}
            onChange={(e) => form.cambiar('correo', e.target.value)}
            onBlur={() => form.tocar('correo')}
          />
        )}
      </Field>
      <Field id="contrasena" etiqueta="Contraseña" error={form.errorDe('contrasena')}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            value={contrasena}
            onChange={(e) => form.cambiar('contrasena', e.target.value)}
            onBlur={() => form.tocar('contrasena')}
          />
        )}
      </Field>
      <div className="-mt-2 flex justify-end">
        <RecuperarContrasena />
      </div>
      <Button type="submit" tamano="lg" cargando={enviando} disabled={vacio}>
        {enviando ? 'Iniciando sesión...' : 'Iniciar sesión'}
      </Button>
      <Button type="button" variante="secundario" tamano="lg" cargando={conLlave} onClick={conLlaveDeAcceso}>
        {/* MSG_LLAVES.entrar, written here to keep the passkey texts off the first load. */}
        Entrar con llave de acceso
      </Button>
    </form>
  );
}
