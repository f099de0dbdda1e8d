// Spec 2 §2 Profile settings: personal info (name, id, role badge, editable phone, email and office
// address), the password section (show/hide toggles, a generator that fills both new fields) and, for
// a psychologist, the supervisions of her conversations (decision 369).
import { MSG } from '@miduelo/shared/cuentas';
import { generarContrasenaSegura } from '@miduelo/shared/cuentas-contrasena';
import {
  CIERRE_TRAS_CAMBIO_CORREO_MS,
  FormularioContrasenaSchema,
  MSG_PERFIL,
  type Perfil,
  PerfilPsicologoBody,
  ROL_CUENTA,
} from '@miduelo/shared/cuentas-perfil';
import { KeyRound, Wand2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Cargando } from '@/components/ui/spinner';
import {
  actualizarPerfil,
  actualizarPerfilAdmin,
  cambiarContrasena,
  cambiarContrasenaAdmin,
  confirmarCambioCorreo,
  obtenerPerfil,
  solicitarCambioCorreo,
} from '@/api/cuentas-perfil';
import { iniciales } from '@/lib/iniciales';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { cerrarSesion, iniciarSesion } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import { VerificacionDosPasos } from './verificacion-dos-pasos';
import { LlavesAcceso } from './llaves-acceso';
import { Dispositivos } from './dispositivos';
import { SupervisionesDeMisConversaciones } from './supervisiones-de-mis-conversaciones';

function cerrarTrasCambioCorreo() {
  // Spec 2 §4: the session ends 2 s after an email change and the user goes to /iniciar-sesion.
  window.setTimeout(() => void cerrarSesion(), CIERRE_TRAS_CAMBIO_CORREO_MS);
}

function DatosPersonales({ perfil, alGuardar }: { perfil: Perfil; alGuardar: (p: Perfil) => void }) {
  const inicial = { telefono: perfil.telefono, correo: perfil.correo, direccionConsultorio: perfil.direccionConsultorio ?? '' };
  const form = useForm(PerfilPsicologoBody, inicial);
  const [guardando, setGuardando] = useState(false);
  const { telefono, correo, direccionConsultorio } = form.valores;

  async function enviar(e: FormEvent) {
    e.preventDefault();
    form.tocarTodo();
    const r = form.resultado;
    if (!r.success) {
      toast.aviso('Formulario incompleto', MSG.formularioInvalido);
      return;
    }
    setGuardando(true);
    try {
      const { telefono: t, correo: c, direccionConsultorio: d } = r.output;
      if (perfil.rol_admin) {
        // An administrator's email changes only through the link mailed to the new address.
        const cambia = c !== perfil.correo;
        const resp = await actualizarPerfilAdmin({ telefono: t, direccionConsultorio: d });
        alGuardar(resp.perfil);
        toast.exito(MSG_PERFIL.perfilActualizado);
        if (cambia) {
          const s = await solicitarCambioCorreo(c);
          toast.info('Confirma tu nuevo correo', s.msg);
          form.cambiar('correo', perfil.correo);
        }
      } else {
        const resp = await actualizarPerfil({ telefono: t, correo: c, direccionConsultorio: d });
        alGuardar(resp.perfil);
        if (resp.correo_cambiado) {
          toast.info('Correo actualizado', resp.msg);
          cerrarTrasCambioCorreo();
        } else toast.exito(MSG_PERFIL.perfilActualizado);
      }
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      toast.error('Error', mensajeDeError(err, MSG_PERFIL.errorPerfil));
    } finally {
      setGuardando(false);
    }
  }

  return (
    <Card className="p-6">
      <h2 className="font-sans text-lg font-semibold text-tinta-900">Información personal</h2>
      <p className="mb-5 text-sm text-tinta-600">Tus datos de contacto. La dirección del consultorio la ven tus pacientes.</p>
      <form onSubmit={enviar} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id="perfil-telefono" etiqueta="Teléfono" error={form.errorDe('telefono')}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="tel"
              maxLength={10}
              value={telefono}
              onChange={(e) => form.cambiar('telefono', e.target.value.replace(/\D/g, '').slice(0, 10))}
              onBlur={() => form.tocar('telefono')}
            />
          )}
        </Field>
        <Field
          id="perfil-correo"
          etiqueta="Correo electrónico"
          error={form.errorDe('correo')}
          ayuda={perfil.rol_admin ? 'Te enviaremos un enlace al nuevo correo para confirmarlo.' : 'Si lo cambias, cerraremos tu sesión.'}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={correo}
              onChange={(e) => form.cambiar('correo', e.target.value)}
              onBlur={() => form.tocar('correo')}
            />
          )}
        </Field>
        <Field
          id="perfil-direccion"
          etiqueta="Dirección del consultorio"
          opcional
          error={form.errorDe('direccionConsultorio')}
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={direccionConsultorio ?? ''}
              onChange={(e) => form.cambiar('direccionConsultorio', e.target.value)}
              onBlur={() => form.tocar('direccionConsultorio')}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" cargando={guardando}>
            Guardar cambios
          </Button>
        </div>
      </form>
    </Card>
  );
}

const vacio = { contrasenaActual: '', nuevaContrasena: '', confirmarContrasena: '' };

function CambiarContrasena({ admin }: { admin: boolean }) {
  const form = useForm(FormularioContrasenaSchema, vacio);
  const [visibles, setVisibles] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const { contrasenaActual, nuevaContrasena } = form.valores;

  function generar() {
    const nueva = generarContrasenaSegura();
    form.cambiar('nuevaContrasena', nueva);
    form.cambiar('confirmarContrasena', nueva);
    setVisibles(true);
    toast.exito(MSG.contrasenaGenerada);
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    form.tocarTodo();
    if (!form.resultado.success) return;
    setGuardando(true);
    try {
      const r = admin
        ? await cambiarContrasenaAdmin(contrasenaActual, nuevaContrasena)
        : await cambiarContrasena(contrasenaActual, nuevaContrasena);
      // The other sessions are over; this one goes on with the token the server answered.
      iniciarSesion(r.token);
      toast.exito(MSG_PERFIL.contrasenaActualizada);
      form.reiniciar();
      setVisibles(false);
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      toast.error('Error', mensajeDeError(err, MSG_PERFIL.errorContrasena));
    } finally {
      setGuardando(false);
    }
  }

  /** One of the three fields; the two new ones show or hide together (and show a generated one). */
  const campo = (nombre: keyof typeof vacio, id: string, etiqueta: string) => {
    const actual = nombre === 'contrasenaActual';
    return (
      <Field id={id} etiqueta={etiqueta} error={form.errorDe(nombre)}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete={actual ? 'current-password' : 'new-password'}
            {...(actual ? {} : { visible: visibles, onVisibleChange: setVisibles })}
            value={form.valores[nombre]}
            onChange={(e) => form.cambiar(nombre, e.target.value)}
            onBlur={() => form.tocar(nombre)}
          />
        )}
      </Field>
    );
  };

  return (
    <Card className="p-6">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-sans text-lg font-semibold text-tinta-900">Cambiar contraseña</h2>
          <p className="text-sm text-tinta-600">Al cambiarla cerraremos tus sesiones abiertas en otros dispositivos.</p>
        </div>
        <Button type="button" variante="secundario" tamano="sm" onClick={generar}>
          <Wand2 className="size-4" aria-hidden /> Generar contraseña segura
        </Button>
      </div>
      <form onSubmit={enviar} noValidate className="grid gap-4 sm:grid-cols-3">
        {campo('contrasenaActual', 'pw-actual', 'Contraseña actual')}
        {campo('nuevaContrasena', 'pw-nueva', 'Nueva contraseña')}
        {campo('confirmarContrasena', 'pw-confirmar', 'Confirmar nueva contraseña')}
        <div className="sm:col-span-3">
          <Button type="submit" cargando={guardando}>
            <KeyRound className="size-4" aria-hidden /> Actualizar contraseña
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The link of an administrator's email change opens this screen with ?cambio_correo=TOKEN. Read
 * here, not by the route's search validator: the route tree is part of every page's first load. */
function useConfirmarCambioCorreo() {
  const hecho = useRef(false);
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('cambio_correo');
    if (!token || !/^[\w-]{10,200}$/.test(token) || hecho.current) return;
    hecho.current = true;
    // The single-use token leaves the address bar at once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    confirmarCambioCorreo(token)
      .then((r) => {
        toast.info('Correo actualizado', r.msg);
        cerrarTrasCambioCorreo();
      })
      .catch((err: unknown) => toast.error('Error', mensajeDeError(err, MSG_PERFIL.errorPerfil)));
  }, []);
}

export function PantallaPerfil() {
  const { data: perfil, setData, error } = useLiveResource({ fetch: obtenerPerfil, vigilar: false });
  useConfirmarCambioCorreo();
  if (error && !perfil) return <p className="text-peligro-700">{mensajeDeError(error, MSG_PERFIL.errorPerfil)}</p>;
  if (!perfil) return <Cargando texto="Cargando tu perfil..." />;
  const nombre = [perfil.nombre, perfil.apellidoPaterno, perfil.apellidoMaterno].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-5 p-6 sm:flex-row sm:items-center">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-salvia-100 font-serif text-2xl font-semibold text-salvia-800">
          {iniciales(perfil.nombre, perfil.apellidoPaterno)}
        </span>
        <div className="min-w-0">
          <h2 className="font-sans text-xl font-semibold [overflow-wrap:anywhere]">{nombre}</h2>
          <p className="text-tinta-600 [overflow-wrap:anywhere]">{perfil.correo}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-tinta-500">
            <Badge tono={perfil.rol_admin ? 'terracota' : 'salvia'}>{perfil.rol_admin ? ROL_CUENTA.admin : ROL_CUENTA.psicologo}</Badge>
            <span>ID {perfil.id_psicologo}</span>
            {!perfil.rol_admin && (
              <Badge tono={perfil.cedula_validada ? 'exito' : 'aviso'}>
                {perfil.cedula_validada ? 'Cédula verificada' : 'Cédula pendiente de validación'}
              </Badge>
            )}
          </div>
        </div>
      </Card>
      <DatosPersonales key={`${perfil.telefono}|${perfil.correo}|${perfil.direccionConsultorio}`} perfil={perfil} alGuardar={setData} />
      <CambiarContrasena admin={perfil.rol_admin} />
      <VerificacionDosPasos />
      <LlavesAcceso />
      <Dispositivos />
      {!perfil.rol_admin && <SupervisionesDeMisConversaciones />}
    </div>
  );
}
