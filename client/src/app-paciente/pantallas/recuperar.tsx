// "¿Olvidaste tu contraseña?": the same answer whether or not the account exists (decision 075);
// the mail's link opens the site's reset page for patients, which leads back here.
import { type FormEvent, useState } from 'react';
import { CrisisAlPie } from '../componentes/crisis';
import { Aviso, Boton, Campo } from '../componentes/ui';
import { recuperarContrasena } from '../api/cuentas';
import { ErrorApi } from '../lib/api';
import { Enlace } from '../lib/enrutador';

export default function Recuperar() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [errorCampo, setErrorCampo] = useState<string | undefined>();
  const [hecho, setHecho] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    setEnviando(true);
    setError(null);
    setErrorCampo(undefined);
    try {
      const r = await recuperarContrasena(email.trim());
      setHecho(r.msg);
    } catch (err) {
      if (err instanceof ErrorApi && err.errores.email) setErrorCampo(err.errores.email);
      else setError(err instanceof ErrorApi ? err.message : 'No pudimos enviar tu solicitud. Inténtalo de nuevo.');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <main className="mx-auto max-w-md px-5 pt-10 pb-10">
      <p className="font-serif text-3xl text-salvia-700">MiDuelo</p>
      <h1 className="mt-6 font-serif text-2xl text-tinta-900">Recupera tu contraseña</h1>
      {hecho ? (
        <div className="mt-4 space-y-4">
          <Aviso tono="exito">{hecho}</Aviso>
          <p className="text-tinta-700">
            El enlace del correo vale por una hora. Ábrelo, elige una contraseña nueva y vuelve aquí para iniciar sesión.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 mb-6 text-tinta-600">
            Escribe el correo de tu cuenta. Te enviaremos un enlace para elegir una contraseña nueva.
          </p>
          <form onSubmit={enviar} className="space-y-4" noValidate>
            <Campo
              id="email"
              etiqueta="Correo electrónico"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              error={errorCampo}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
            {error && <Aviso tono="error">{error}</Aviso>}
            <Boton type="submit" disabled={enviando} className="w-full">
              {enviando ? 'Enviando…' : 'Enviar enlace'}
            </Boton>
          </form>
        </>
      )}
      <p className="mt-8 text-center">
        <Enlace a="/entrar" className="inline-flex min-h-12 items-center font-semibold text-salvia-700 underline">
          Volver a iniciar sesión
        </Enlace>
      </p>
      <CrisisAlPie />
    </main>
  );
}
