import { MSG_CONSENTIMIENTO, type TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import { type FormEvent, useState } from 'react';
import { CrisisAlPie } from '../componentes/crisis';
import { Documento } from '../componentes/documento';
import { useDocumentosVigentes } from '../componentes/use-documentos-vigentes';
import { Aviso, Boton, Campo } from '../componentes/ui';
import { registrarse } from '../api/cuentas';
import { ErrorApi } from '../lib/api';
import { Enlace } from '../lib/enrutador';

const VACIO = {
  codigo_vinculacion: '',
  nombre: '',
  apellido_paterno: '',
  apellido_materno: '',
  fecha_nacimiento: '',
  telefono: '',
  email: '',
  contrasena: '',
};
type Datos = typeof VACIO;

export default function Registro() {
  const [datos, setDatos] = useState<Datos>(VACIO);
  const [confirmacion, setConfirmacion] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // The privacy notice and the consent letter in force: shown whole, each accepted on its own.
  const [aceptados, setAceptados] = useState<Partial<Record<TipoConsentimiento, boolean>>>({});
  const { documentos, error: errorDocumentos, cargar: cargarDocumentos } = useDocumentosVigentes({ publica: true });

  const todosAceptados = documentos !== null && documentos.length > 0 && documentos.every((d) => aceptados[d.tipo]);
  // The server's answer about consent (400 "Debes aceptar…", 409 "…cambiaron…") under the documents.
  const errorConsentimiento = Object.entries(errores).find(([k]) => k.startsWith('consentimientos'))?.[1];

  const campo = (k: keyof Datos) => ({
    id: k,
    value: datos[k],
    error: errores[k],
    onChange: (e: { target: { value: string } }) => setDatos((d) => ({ ...d, [k]: e.target.value })),
  });

  async function enviar(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (confirmacion !== datos.contrasena) {
      setErrores({ confirmacion: 'Las contraseñas no coinciden' });
      return;
    }
    if (!documentos || !todosAceptados) {
      setErrores({ consentimientos: MSG_CONSENTIMIENTO.obligatorio });
      return;
    }
    setEnviando(true);
    setErrores({});
    try {
      const consentimientos = Object.fromEntries(documentos.map((d) => [d.tipo, d.version]));
      const cuerpo = { ...datos, apellido_materno: datos.apellido_materno.trim() || undefined, consentimientos };
      const r = await registrarse(cuerpo);
      setHecho(r.msg);
    } catch (err) {
      if (err instanceof ErrorApi && err.code === 'CONSENTIMIENTO_DESACTUALIZADO') {
        // A new version was published while the form was open: show it and ask again.
        setAceptados({});
        setErrores({ consentimientos: err.message });
        await cargarDocumentos();
      } else if (err instanceof ErrorApi) {
        setErrores(err.errores);
        setError(err.message);
      } else setError('No pudimos completar tu registro. Inténtalo de nuevo.');
    } finally {
      setEnviando(false);
    }
  }

  if (hecho) return <RegistroHecho msg={hecho} />;

  return (
    <main className="mx-auto max-w-md px-5 pt-8 pb-10">
      <p className="font-serif text-3xl text-salvia-700">MiDuelo</p>
      <h1 className="mt-6 font-serif text-2xl">Crea tu cuenta</h1>
      <p className="mt-1 mb-6 text-tinta-600">
        Tu psicóloga o psicólogo te dio un código de vinculación. Con él, tu cuenta queda unida a su acompañamiento.
      </p>
      <form onSubmit={enviar} className="space-y-4" noValidate>
        <Campo etiqueta="Código de vinculación" autoCapitalize="characters" autoComplete="off" {...campo('codigo_vinculacion')} />
        <Campo etiqueta="Nombre" autoComplete="given-name" {...campo('nombre')} />
        <Campo etiqueta="Apellido paterno" autoComplete="family-name" {...campo('apellido_paterno')} />
        <Campo etiqueta="Apellido materno (opcional)" {...campo('apellido_materno')} />
        <Campo etiqueta="Fecha de nacimiento" type="date" autoComplete="bday" {...campo('fecha_nacimiento')} />
        <Campo etiqueta="Teléfono" type="tel" inputMode="tel" autoComplete="tel" ayuda="10 dígitos" {...campo('telefono')} />
        <Campo etiqueta="Correo electrónico" type="email" inputMode="email" autoComplete="email" {...campo('email')} />
        <Campo etiqueta="Contraseña" type="password" autoComplete="new-password" {...campo('contrasena')} />
        <Campo
          id="confirmacion"
          etiqueta="Confirma tu contraseña"
          type="password"
          autoComplete="new-password"
          value={confirmacion}
          error={errores.confirmacion}
          onChange={(e) => setConfirmacion(e.target.value)}
        />
        <fieldset>
          <legend className="pt-4 font-serif text-xl text-tinta-900">Antes de crear tu cuenta</legend>
          <p className="mt-1 mb-4 text-tinta-600">Léelos con calma. Explican cómo cuidamos tus datos y cómo será tu acompañamiento.</p>
          <div className="space-y-4">
            {documentos?.map((d) => (
              <Documento
                key={d.tipo}
                doc={d}
                aceptado={Boolean(aceptados[d.tipo])}
                error={Boolean(errorConsentimiento)}
                alCambiar={(a) => {
                  setAceptados((x) => ({ ...x, [d.tipo]: a }));
                  setErrores(({ consentimientos: _, ...resto }) => resto);
                }}
              />
            ))}
            {!documentos && !errorDocumentos && <p className="text-tinta-500">Cargando los documentos…</p>}
            {errorDocumentos && (
              <div className="space-y-2">
                <Aviso tono="error">{errorDocumentos}</Aviso>
                <Boton variante="secundario" onClick={() => void cargarDocumentos()}>
                  Intentar de nuevo
                </Boton>
              </div>
            )}
            {errorConsentimiento && <Aviso tono="error">{errorConsentimiento}</Aviso>}
          </div>
        </fieldset>
        {error && Object.keys(errores).length === 0 && <Aviso tono="error">{error}</Aviso>}
        <Boton type="submit" disabled={enviando} className="w-full">
          {enviando ? 'Enviando…' : 'Crear mi cuenta'}
        </Boton>
      </form>
      <p className="mt-8 text-center text-tinta-700">
        ¿Ya tienes cuenta?{' '}
        <Enlace a="/entrar" className="font-semibold text-salvia-700 underline">
          Inicia sesión
        </Enlace>
      </p>
      <CrisisAlPie />
    </main>
  );
}

/** After registering: the account is activated from the email's link, then she logs in here. */
function RegistroHecho({ msg }: { msg: string }) {
  return (
    <main className="mx-auto max-w-md px-5 pt-10 pb-10">
      <p className="font-serif text-3xl text-salvia-700">MiDuelo</p>
      <h1 className="mt-6 mb-3 font-serif text-2xl">Revisa tu correo</h1>
      <Aviso tono="exito">{msg}</Aviso>
      <p className="mt-4 text-tinta-700">
        Abre el enlace del correo desde este teléfono para activar tu cuenta. Después podrás iniciar sesión aquí.
      </p>
      <Enlace a="/entrar" className="mt-6 inline-flex min-h-12 items-center font-semibold text-salvia-700 underline">
        Ir a iniciar sesión
      </Enlace>
    </main>
  );
}
