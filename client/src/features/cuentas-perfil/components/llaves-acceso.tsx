// "Llaves de acceso" in the profile (issue 56, decision 374): the account's passkeys (name, created,
// last used), add one with a name (the password first, then the device's own prompt), rename and
// remove (the password again). The WebAuthn library loads only when adding.
import { type Llave, MSG_LLAVES, NOMBRE_LLAVE_MAX } from '@miduelo/shared/passkeys';
import { MSG_MFA } from '@miduelo/shared/mfa';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { eliminarLlave, listarLlaves, opcionesRegistroLlave, registrarLlave, renombrarLlave } from '@/api/llaves';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Cargando } from '@/components/ui/spinner';
import { CodigosRecuperacion } from '@/lib/codigos-recuperacion';
import { fechaCorta } from '@/lib/format';
import { toast } from '@/lib/toast';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';

type Accion = { tipo: 'agregar' } | { tipo: 'renombrar'; llave: Llave } | { tipo: 'eliminar'; llave: Llave };

export function LlavesAcceso() {
  const { data, error, recargar } = useLiveResource({ fetch: listarLlaves, vigilar: false });
  const [accion, setAccion] = useState<Accion | null>(null);
  const cerrar = () => {
    setAccion(null);
    void recargar();
  };
  return (
    <section aria-labelledby="llaves-titulo">
      <Card className="p-6">
        <div className="mb-4 min-w-0">
          <h2 id="llaves-titulo" className="font-sans text-lg font-semibold text-tinta-900">
            {MSG_LLAVES.titulo}
          </h2>
          <p className="text-sm text-tinta-600">{MSG_LLAVES.descripcion}</p>
        </div>
        {!data && error ? (
          <ErrorCarga texto={mensajeDeError(error)} onReintentar={recargar} />
        ) : !data ? (
          <Cargando texto="Cargando llaves de acceso..." />
        ) : (
          <div className="flex flex-col items-start gap-4">
            {data.llaves.length === 0 ? (
              <p className="text-sm text-tinta-700">{MSG_LLAVES.ninguna}</p>
            ) : (
              <ul className="flex w-full flex-col divide-y divide-arena-200" aria-label={MSG_LLAVES.titulo}>
                {data.llaves.map((l) => (
                  <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="flex min-w-0 items-start gap-3">
                      <KeyRound className="mt-0.5 size-5 shrink-0 text-salvia-600" aria-hidden />
                      <div className="min-w-0">
                        <p className="break-words font-semibold text-tinta-900">{l.nombre}</p>
                        <p className="text-sm text-tinta-600">
                          {MSG_LLAVES.creada(fechaCorta(l.creada_en))} ·{' '}
                          {l.usada_en ? MSG_LLAVES.usada(fechaCorta(l.usada_en)) : MSG_LLAVES.sinUso}
                        </p>
                      </div>
                    </div>
                    <div className="flex gap-2">
                      <Button type="button" variante="secundario" tamano="sm" onClick={() => setAccion({ tipo: 'renombrar', llave: l })}>
                        {MSG_LLAVES.renombrar}
                        <span className="sr-only">: {l.nombre}</span>
                      </Button>
                      <Button type="button" variante="peligro" tamano="sm" onClick={() => setAccion({ tipo: 'eliminar', llave: l })}>
                        {MSG_LLAVES.eliminar}
                        <span className="sr-only">: {l.nombre}</span>
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Button type="button" onClick={() => setAccion({ tipo: 'agregar' })}>
              {MSG_LLAVES.agregar}
            </Button>
          </div>
        )}
      </Card>
      {accion && <DialogoLlave accion={accion} alCerrar={cerrar} />}
    </section>
  );
}

const TITULOS = { agregar: MSG_LLAVES.agregar, renombrar: MSG_LLAVES.renombrar, eliminar: MSG_LLAVES.eliminarTitulo } as const;

function DialogoLlave({ accion, alCerrar }: { accion: Accion; alCerrar: () => void }) {
  const [nombre, setNombre] = useState(accion.tipo === 'renombrar' ? accion.llave.nombre : '');
  const [contrasena, setContrasena] = useState('');
  const [errores, setErrores] = useState<{ nombre?: string; contrasena?: string }>({});
  const [enviando, setEnviando] = useState(false);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const pideNombre = accion.tipo !== 'eliminar';
  const pideContrasena = accion.tipo !== 'renombrar';

  async function agregar() {
    const { opciones } = await opcionesRegistroLlave(contrasena);
    const webauthn = await import('@/nucleo/llave-acceso');
    let respuesta: unknown;
    try {
      respuesta = await webauthn.crearCredencial(opciones);
    } catch (err) {
      throw new Error(webauthn.mensajeDeCeremonia(err) ?? MSG_LLAVES.respuestaInvalida);
    }
    const r = await registrarLlave(nombre, respuesta);
    toast.exito(r.msg);
    if (r.codigos) setCodigos(r.codigos);
    else alCerrar();
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    const faltan = {
      nombre: pideNombre && nombre.trim() === '' ? MSG_LLAVES.nombreObligatorio : undefined,
      contrasena: pideContrasena && contrasena === '' ? MSG_MFA.confirmaContrasena : undefined,
    };
    if (faltan.nombre || faltan.contrasena) return setErrores(faltan);
    setEnviando(true);
    setErrores({});
    try {
      if (accion.tipo === 'agregar') await agregar();
      else if (accion.tipo === 'renombrar') {
        toast.exito((await renombrarLlave(accion.llave.id, nombre)).msg);
        alCerrar();
      } else {
        toast.exito((await eliminarLlave(accion.llave.id, contrasena)).msg);
        alCerrar();
      }
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      const msg = err instanceof ApiError ? mensajeDeError(err) : err instanceof Error ? err.message : mensajeDeError(err);
      setErrores(
        err instanceof ApiError && err.cuerpo?.code === 'CONTRASENA_INCORRECTA'
          ? { contrasena: msg }
          : { [pideNombre ? 'nombre' : 'contrasena']: msg },
      );
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog open onOpenChange={(abierto) => !abierto && alCerrar()}>
      <DialogContent
        titulo={codigos ? MSG_MFA.codigosTitulo : TITULOS[accion.tipo]}
        ancho="md"
        onEscapeKeyDown={(e) => codigos && e.preventDefault()}
      >
        {codigos ? (
          <div className="flex flex-col gap-5">
            <CodigosRecuperacion codigos={codigos} />
            <Button type="button" onClick={alCerrar}>
              {MSG_MFA.listo}
            </Button>
          </div>
        ) : (
          <form onSubmit={enviar} noValidate className="flex flex-col gap-4">
            {accion.tipo === 'eliminar' && (
              <p className="break-words text-sm text-tinta-700">{MSG_LLAVES.eliminarConfirmar(accion.llave.nombre)}</p>
            )}
            {pideNombre && (
              <Field id="llave-nombre" etiqueta={MSG_LLAVES.nombreEtiqueta} ayuda={MSG_LLAVES.nombreAyuda} error={errores.nombre}>
                {(control) => (
                  <Input {...control} maxLength={NOMBRE_LLAVE_MAX} value={nombre} onChange={(e) => setNombre(e.target.value)} />
                )}
              </Field>
            )}
            {pideContrasena && (
              <Field id="llave-contrasena" etiqueta="Contraseña" ayuda={MSG_MFA.confirmaContrasena} error={errores.contrasena}>
                {(control) => (
                  <PasswordInput
                    {...control}
                    autoComplete="current-password"
                    value={contrasena}
                    onChange={(e) => setContrasena(e.target.value)}
                  />
                )}
              </Field>
            )}
            <Button type="submit" variante={accion.tipo === 'eliminar' ? 'peligro' : 'primario'} cargando={enviando}>
              {accion.tipo === 'eliminar' ? MSG_LLAVES.eliminar : accion.tipo === 'renombrar' ? MSG_LLAVES.guardar : MSG_LLAVES.continuar}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
