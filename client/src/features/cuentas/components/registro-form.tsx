import { formularioRegistroSchema, MSG } from '@miduelo/shared/cuentas';
import { CEDULA_MAX_DIGITOS, TELEFONO_DIGITOS, TOAST_CUENTA_LARGO_MS } from '@miduelo/shared/constants';
import { generarContrasenaSegura } from '@miduelo/shared/cuentas-contrasena';
import { TEXTOS_CUENTA } from '@miduelo/shared/cuentas-textos-web';
import { Link, useNavigate } from '@tanstack/react-router';
import { WandSparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, MensajeError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { hoyClinica } from '@/lib/format';
import { ApiError, mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { registrarPsicologo } from '@/api/cuentas';
import { RequisitosContrasena } from './requisitos-contrasena';

const inicial = {
  nombre: '',
  apellidoPaterno: '',
  apellidoMaterno: '',
  fecha_nacimiento: '',
  especialidad: '',
  cedulaProfesional: '',
  numTelefonico: '',
  correo: '',
  contrasena: '',
  confirmarContrasena: '',
  aceptaTerminos: false,
};
type CampoRegistro = keyof typeof inicial;
const ORDEN = Object.keys(inicial) as CampoRegistro[];

/** Server field names (API body) → form field names. */
const CAMPO_DE_API: Record<string, CampoRegistro> = {
  cedula: 'cedulaProfesional',
  telefono: 'numTelefonico',
};

function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 w-full border-b border-arena-200 pb-2 font-serif text-lg font-semibold text-tinta-900">{titulo}</legend>
      {children}
    </fieldset>
  );
}

/** The server's refusals by field: shown on their fields, and the first one brought into view (the
 * form is long on a phone). */
function erroresDelServidor(error: unknown, marcar: (porCampo: Partial<Record<string, string>>) => void) {
  if (!(error instanceof ApiError)) return;
  const porCampo: Partial<Record<string, string>> = {};
  for (const [campo, mensaje] of Object.entries(error.cuerpo?.errores ?? {})) {
    porCampo[CAMPO_DE_API[campo] ?? campo] = mensaje;
  }
  if (error.msg === MSG.correoDuplicado) porCampo.correo = error.msg;
  if (error.msg === MSG.cedulaDuplicada) porCampo.cedulaProfesional = error.msg;
  marcar(porCampo);
  const primero = ORDEN.find((campo) => porCampo[campo]);
  if (primero) {
    const campo = document.getElementById(primero);
    campo?.scrollIntoView({ block: 'center' });
    campo?.focus({ preventScroll: true });
  }
}

/** The terms checkbox with its links and its error. */
function AceptaTerminos(p: {
  aceptado: boolean;
  error: string | null | undefined;
  onCambiar: (aceptado: boolean) => void;
  onTocar: () => void;
}) {
  const { aceptado, error, onCambiar, onTocar } = p;
  return (
    <div className="rounded-xl border border-arena-200 bg-arena-50 p-4">
      <div className="flex items-start gap-3">
        <Checkbox
          id="aceptaTerminos"
          name="aceptaTerminos"
          checked={aceptado}
          onChange={(e) => onCambiar(e.target.checked)}
          onBlur={onTocar}
          aria-invalid={error ? true : undefined}
          aria-describedby="aceptaTerminos-error"
          className="mt-0.5"
        />
        <label htmlFor="aceptaTerminos" className="text-sm text-tinta-700">
          Acepto los{' '}
          <Link
            to="/terminos-y-condiciones"
            target="_blank"
            rel="noopener"
            className="font-medium text-salvia-700 underline underline-offset-4"
          >
            términos y condiciones
          </Link>{' '}
          y el tratamiento de mis datos conforme al aviso de privacidad.
        </label>
      </div>
      <div className="mt-1 pl-8">
        <MensajeError id="aceptaTerminos-error" mensaje={error} />
      </div>
    </div>
  );
}

export function RegistroForm() {
  const navigate = useNavigate();
  const hoy = useMemo(() => hoyClinica(), []);
  const schema = useMemo(() => formularioRegistroSchema(hoy), [hoy]);
  const form = useForm(schema, inicial);
  const [enviando, setEnviando] = useState(false);
  const [verContrasenas, setVerContrasenas] = useState(false);
  const v = form.valores;

  function generar() {
    const contrasena = generarContrasenaSegura();
    form.cambiar('contrasena', contrasena);
    form.cambiar('confirmarContrasena', contrasena);
    setVerContrasenas(true);
    toast.exito(MSG.contrasenaGenerada, 'Guárdala en un lugar seguro antes de continuar.');
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    form.tocarTodo();
    const resultado = form.resultado;
    if (!resultado.success) {
      toast.aviso(MSG.formularioInvalido);
      const primero = ORDEN.find((campo) => form.errores[campo]);
      if (primero) document.getElementById(primero)?.focus();
      return;
    }
    const d = resultado.output;
    setEnviando(true);
    try {
      await registrarPsicologo({
        nombre: d.nombre,
        apellidoPaterno: d.apellidoPaterno,
        apellidoMaterno: d.apellidoMaterno,
        fecha_nacimiento: d.fecha_nacimiento,
        especialidad: d.especialidad,
        cedula: d.cedulaProfesional,
        telefono: d.numTelefonico,
        correo: d.correo,
        contrasena: d.contrasena,
        aceptaTerminos: d.aceptaTerminos,
      });
      toast.exito(TEXTOS_CUENTA.registroExitosoTitulo, TEXTOS_CUENTA.registroExitosoTexto, {
        duracion: TOAST_CUENTA_LARGO_MS,
      });
      await navigate({ to: '/iniciar-sesion' });
    } catch (error) {
      erroresDelServidor(error, form.setErroresServidor);
      mostrarError(error);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={enviar} noValidate className="flex flex-col gap-9">
      <Seccion titulo="Datos personales">
        <Field id="nombre" etiqueta="Nombre(s)" error={form.errorDe('nombre')}>
          {(c) => <Input {...c} autoComplete="given-name" {...form.entrada('nombre')} />}
        </Field>
        <Field id="apellidoPaterno" etiqueta="Apellido paterno" error={form.errorDe('apellidoPaterno')}>
          {(c) => <Input {...c} autoComplete="family-name" {...form.entrada('apellidoPaterno')} />}
        </Field>
        <Field id="apellidoMaterno" etiqueta="Apellido materno" opcional error={form.errorDe('apellidoMaterno')}>
          {(c) => <Input {...c} autoComplete="additional-name" {...form.entrada('apellidoMaterno')} />}
        </Field>
        <Field id="fecha_nacimiento" etiqueta="Fecha de nacimiento" ayuda={MSG.edadHint} error={form.errorDe('fecha_nacimiento')}>
          {(c) => <Input {...c} type="date" autoComplete="bday" max={hoy} min="1900-01-01" {...form.entrada('fecha_nacimiento')} />}
        </Field>
      </Seccion>

      <Seccion titulo="Datos profesionales">
        <Field id="especialidad" etiqueta="Especialidad" error={form.errorDe('especialidad')} className="sm:col-span-2">
          {(c) => <Input {...c} placeholder="Por ejemplo: Psicología clínica, tanatología" {...form.entrada('especialidad')} />}
        </Field>
        <Field id="cedulaProfesional" etiqueta="Cédula profesional" ayuda="De 7 a 10 dígitos" error={form.errorDe('cedulaProfesional')}>
          {(c) => <Input {...c} autoComplete="off" {...form.entradaDigitos('cedulaProfesional', CEDULA_MAX_DIGITOS)} />}
        </Field>
        <Field id="numTelefonico" etiqueta="Teléfono" ayuda="10 dígitos" error={form.errorDe('numTelefonico')}>
          {(c) => <Input {...c} type="tel" autoComplete="tel-national" {...form.entradaDigitos('numTelefonico', TELEFONO_DIGITOS)} />}
        </Field>
      </Seccion>

      <Seccion titulo="Tu cuenta">
        <Field id="correo" etiqueta="Correo electrónico" error={form.errorDe('correo')} className="sm:col-span-2">
          {(c) => (
            <Input {...c} type="email" inputMode="email" autoComplete="email" placeholder="tu@correo.com" {...form.entrada('correo')} />
          )}
        </Field>
        <Field id="contrasena" etiqueta="Contraseña" error={form.errorDe('contrasena')}>
          {(c) => (
            <PasswordInput
              {...c}
              autoComplete="new-password"
              visible={verContrasenas}
              onVisibleChange={setVerContrasenas}
              {...form.entrada('contrasena')}
            />
          )}
        </Field>
        <Field id="confirmarContrasena" etiqueta="Confirmar contraseña" error={form.errorDe('confirmarContrasena')}>
          {(c) => <PasswordInput {...c} autoComplete="new-password" {...form.entrada('confirmarContrasena')} />}
        </Field>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-start sm:justify-between">
          <RequisitosContrasena contrasena={v.contrasena} />
          <Button variante="suave" tamano="sm" onClick={generar} className="self-start">
            <WandSparkles className="size-4" aria-hidden />
            Generar contraseña segura
          </Button>
        </div>
      </Seccion>

      <AceptaTerminos
        aceptado={v.aceptaTerminos}
        error={form.errorDe('aceptaTerminos')}
        onCambiar={(x) => form.cambiar('aceptaTerminos', x)}
        onTocar={() => form.tocar('aceptaTerminos')}
      />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-tinta-600">
          ¿Ya tienes una cuenta?{' '}
          <Link to="/iniciar-sesion" className="font-semibold text-salvia-700 hover:underline">
            Inicia sesión
          </Link>
        </p>
        <Button type="submit" tamano="lg" cargando={enviando}>
          {enviando ? 'Creando cuenta...' : 'Crear cuenta'}
        </Button>
      </div>
    </form>
  );
}
