// Spec 2 §6: an administrator can register another administrator. The server's route existed
// (POST /api/psicologo/registro-admin) with no screen to reach it (issue 53): this dialog, opened from
// the psychologists' screen. Same data and rules as a psychologist's registration (the shared
// schema); the new account is activated by the link emailed to it.
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import { CEDULA_MAX_DIGITOS, TELEFONO_DIGITOS } from '@miduelo/shared/constants';
import { formularioRegistroSchema, MSG } from '@miduelo/shared/cuentas';
import { generarContrasenaSegura } from '@miduelo/shared/cuentas-contrasena';
import { WandSparkles } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { registrarAdministrador } from '@/api/administracion';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field, MensajeError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { hoyClinica } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { ApiError, mostrarError } from '@/nucleo/http';

const inicial = {
  nombre: '',
  apellidoPaterno: '',
  apellidoMaterno: '',
  fecha_nacimiento: '',
  especialidad: 'Administración',
  cedulaProfesional: '',
  numTelefonico: '',
  correo: '',
  contrasena: '',
  confirmarContrasena: '',
  aceptaTerminos: false,
};
type Campo = keyof typeof inicial;
const ORDEN = Object.keys(inicial) as Campo[];
const DE_API: Record<string, Campo> = { cedula: 'cedulaProfesional', telefono: 'numTelefonico' };

/** The server's refusals on the form's fields (an email or a licence already registered). */
function erroresPorCampo(err: ApiError): Partial<Record<string, string>> {
  const porCampo: Partial<Record<string, string>> = {};
  for (const [c, m] of Object.entries(err.cuerpo?.errores ?? {})) porCampo[DE_API[c] ?? c] = m;
  if (err.msg === MSG.correoDuplicado) porCampo.correo = err.msg;
  if (err.msg === MSG.cedulaDuplicada) porCampo.cedulaProfesional = err.msg;
  return porCampo;
}

/** The person's acceptance of the terms, stated by the administrator who registers her. */
function AceptaTerminos(p: { id: string; aceptado: boolean; error: string | undefined; onCambiar: (x: boolean) => void }) {
  return (
    <div className="sm:col-span-2">
      <div className="flex items-start gap-3">
        <Checkbox
          id={p.id}
          checked={p.aceptado}
          onChange={(e) => p.onCambiar(e.target.checked)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={`${p.id}-error`}
          className="mt-0.5"
        />
        <label htmlFor={p.id} className="text-sm text-tinta-700">
          La persona conoce y acepta los términos y condiciones y el aviso de privacidad.
        </label>
      </div>
      <MensajeError id={`${p.id}-error`} mensaje={p.error} />
    </div>
  );
}

export function RegistrarAdminDialog({ abierto, onCerrar }: { abierto: boolean; onCerrar: () => void }) {
  const hoy = useMemo(() => hoyClinica(), []);
  const schema = useMemo(() => formularioRegistroSchema(hoy), [hoy]);
  const form = useForm(schema, inicial);
  const [enviando, setEnviando] = useState(false);
  const [ver, setVer] = useState(false);
  const val = form.valores;

  function cerrar() {
    if (enviando) return;
    form.reiniciar();
    setVer(false);
    onCerrar();
  }

  function generar() {
    const c = generarContrasenaSegura();
    form.cambiar('contrasena', c);
    form.cambiar('confirmarContrasena', c);
    setVer(true);
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    form.tocarTodo();
    const r = form.resultado;
    if (!r.success) {
      const primero = ORDEN.find((c) => form.errores[c]);
      if (primero) document.getElementById(`admin-${primero}`)?.focus();
      return;
    }
    const d = r.output;
    setEnviando(true);
    try {
      await registrarAdministrador({
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
      toast.exito(MSG_ADMINISTRACION.adminRegistrado);
      form.reiniciar();
      setVer(false);
      onCerrar();
    } catch (err) {
      if (err instanceof ApiError) form.setErroresServidor(erroresPorCampo(err));
      mostrarError(err);
    } finally {
      setEnviando(false);
    }
  }

  const campo = (c: Campo) => `admin-${c}`;
  return (
    <Dialog open={abierto} onOpenChange={(o) => !o && cerrar()}>
      <DialogContent
        titulo="Registrar administrador"
        descripcion="La nueva cuenta tendrá acceso a la administración. Le enviaremos un correo para activarla."
        ancho="lg"
        sinCerrar={enviando}
      >
        <form id="form-registrar-admin" onSubmit={(e) => void enviar(e)} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field id={campo('nombre')} etiqueta="Nombre(s)" error={form.errorDe('nombre')}>
            {(c) => <Input {...c} autoComplete="off" {...form.entrada('nombre')} />}
          </Field>
          <Field id={campo('apellidoPaterno')} etiqueta="Apellido paterno" error={form.errorDe('apellidoPaterno')}>
            {(c) => <Input {...c} autoComplete="off" {...form.entrada('apellidoPaterno')} />}
          </Field>
          <Field id={campo('apellidoMaterno')} etiqueta="Apellido materno" opcional error={form.errorDe('apellidoMaterno')}>
            {(c) => <Input {...c} autoComplete="off" {...form.entrada('apellidoMaterno')} />}
          </Field>
          <Field id={campo('fecha_nacimiento')} etiqueta="Fecha de nacimiento" error={form.errorDe('fecha_nacimiento')}>
            {(c) => <Input {...c} type="date" max={hoy} min="1900-01-01" {...form.entrada('fecha_nacimiento')} />}
          </Field>
          <Field id={campo('especialidad')} etiqueta="Especialidad o área" error={form.errorDe('especialidad')}>
            {(c) => <Input {...c} {...form.entrada('especialidad')} />}
          </Field>
          <Field
            id={campo('cedulaProfesional')}
            etiqueta="Cédula profesional"
            ayuda="De 7 a 10 dígitos"
            error={form.errorDe('cedulaProfesional')}
          >
            {(c) => <Input {...c} autoComplete="off" {...form.entradaDigitos('cedulaProfesional', CEDULA_MAX_DIGITOS)} />}
          </Field>
          <Field id={campo('numTelefonico')} etiqueta="Teléfono" ayuda="10 dígitos" error={form.errorDe('numTelefonico')}>
            {(c) => <Input {...c} type="tel" {...form.entradaDigitos('numTelefonico', TELEFONO_DIGITOS)} />}
          </Field>
          <Field id={campo('correo')} etiqueta="Correo electrónico" error={form.errorDe('correo')}>
            {(c) => <Input {...c} type="email" inputMode="email" autoComplete="off" {...form.entrada('correo')} />}
          </Field>
          <Field
            id={campo('contrasena')}
            etiqueta="Contraseña inicial"
            ayuda="Compártela por un medio seguro; podrá cambiarla en su perfil."
            error={form.errorDe('contrasena')}
          >
            {(c) => (
              <PasswordInput {...c} autoComplete="new-password" visible={ver} onVisibleChange={setVer} {...form.entrada('contrasena')} />
            )}
          </Field>
          <Field id={campo('confirmarContrasena')} etiqueta="Confirmar contraseña" error={form.errorDe('confirmarContrasena')}>
            {(c) => (
              <PasswordInput
                {...c}
                autoComplete="new-password"
                visible={ver}
                onVisibleChange={setVer}
                {...form.entrada('confirmarContrasena')}
              />
            )}
          </Field>
          <Button variante="suave" tamano="sm" onClick={generar} className="self-start sm:col-span-2 sm:justify-self-start">
            <WandSparkles className="size-4" aria-hidden /> Generar contraseña segura
          </Button>
          <AceptaTerminos
            id={campo('aceptaTerminos')}
            aceptado={val.aceptaTerminos}
            error={form.errorDe('aceptaTerminos')}
            onCambiar={(x) => form.cambiar('aceptaTerminos', x)}
          />
        </form>
        <DialogFooter>
          <Button variante="secundario" onClick={cerrar} disabled={enviando}>
            Cancelar
          </Button>
          <Button type="submit" form="form-registrar-admin" cargando={enviando}>
            {enviando ? 'Registrando...' : 'Registrar administrador'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
