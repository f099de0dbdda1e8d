import { type FormEvent, useState } from 'react';
import { CrisisAlPie } from '../componentes/crisis';
import { Aviso, Boton, Campo } from '../componentes/ui';
import { iniciarSesion } from '../api/cuentas';
import { ErrorApi } from '../lib/api';
import { Enlace } from '../lib/enrutador';
import { iniciar, useSesion } from '../lib/sesion';
import { SegundoPaso } from './segundo-paso';

export default function Entrar() {
  const aviso = useSesion((s) => s.aviso);
  const [email, setEmail] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // The password was right and her account has a second step (decision 371).
  const [tokenMfa, setTokenMfa] = useState<string | null>(null);
  const [metodos, setMetodos] = useState<string[]>([]);
  const [conLlave, setConLlave] = useState(false);

  // A passkey instead of the password (decision 375): its code loads only on this click.
  async function entrarConLlave() {
    setConLlave(true);
    setError(null);
    try {
      const { entrarConLlave: entrar } = await import('../lib/llave-acceso');
      const r = await entrar();
      iniciar(r.token, r.paciente, r.consentimientos_pendientes ?? []);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'No pudimos iniciar sesión. Inténtalo de nuevo.');
    } finally {
      setConLlave(false);
    }
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    setEnviando(true);
    setError(null);
    try {
      const r = await iniciarSesion(email, contrasena);
      if ('mfa_requerida' in r) {
        setMetodos(r.metodos);
        setTokenMfa(r.token_mfa);
      } else iniciar(r.token, r.paciente, r.consentimientos_pendientes ?? []);
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No pudimos iniciar sesión. Inténtalo de nuevo.');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <main className="mx-auto max-w-md px-5 pt-10 pb-10">
      <p className="font-serif text-3xl text-salvia-700">MiDuelo</p>
      <h1 className="mt-6 font-serif text-2xl text-tinta-900">Qué bueno verte</h1>
      <p className="mt-1 mb-6 text-tinta-600">Entra con el correo y la contraseña de tu cuenta.</p>
      {aviso && (
        <div className="mb-4">
          <Aviso>{aviso}</Aviso>
        </div>
      )}
      {tokenMfa ? (
        <SegundoPaso
          tokenMfa={tokenMfa}
          metodos={metodos}
          alEntrar={(r) => iniciar(r.token, r.paciente, r.consentimientos_pendientes ?? [])}
          alVolver={() => {
            setTokenMfa(null);
            setContrasena('');
          }}
        />
      ) : (
        <form onSubmit={enviar} className="space-y-4" noValidate>
          <Campo
            id="email"
            etiqueta="Correo electrónico"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          <Campo
            id="contrasena"
            etiqueta="Contraseña"
            type="password"
            autoComplete="current-password"
            value={contrasena}
            onChange={(e) => setContrasena(e.target.value)}
            required
          />
          {error && <Aviso tono="error">{error}</Aviso>}
          <Boton type="submit" disabled={enviando} className="w-full">
            {enviando ? 'Entrando…' : 'Iniciar sesión'}
          </Boton>
          {/* MSG_LLAVES.entrar, written here to keep the passkey texts off the first load. */}
          <Boton type="button" variante="secundario" disabled={conLlave} className="w-full" onClick={entrarConLlave}>
            {conLlave ? 'Esperando tu llave de acceso…' : 'Entrar con llave de acceso'}
          </Boton>
        </form>
      )}
      <p className="mt-4 text-center">
        <Enlace a="/recuperar" className="inline-flex min-h-12 items-center font-semibold text-salvia-700 underline">
          ¿Olvidaste tu contraseña?
        </Enlace>
      </p>
      <p className="mt-8 text-center text-tinta-700">
        ¿Aún no tienes cuenta?{' '}
        <Enlace a="/registro" className="font-semibold text-salvia-700 underline">
          Regístrate con el código de tu psicóloga o psicólogo
        </Enlace>
      </p>
      <CrisisAlPie />
    </main>
  );
}
