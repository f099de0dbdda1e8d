// The app's login second step (issue 56, decision 371): the authenticator app's code or one of the
// recovery codes; a lapsed step goes back to the password.
import type { LoginPacienteRespuestaSchema } from '@miduelo/shared/cuentas-respuestas';
import { errorDeCodigo, MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import { type FormEvent, useEffect, useState } from 'react';
import type * as v from 'valibot';
import { segundoPaso } from '../api/mfa';
import { Aviso, Boton, Campo } from '../componentes/ui';
import { ErrorApi } from '../lib/api';

type Login = v.InferOutput<typeof LoginPacienteRespuestaSchema>;

export function SegundoPaso({
  tokenMfa,
  metodos = ['totp', 'recuperacion'],
  alEntrar,
  alVolver,
}: {
  tokenMfa: string;
  /** The methods the password step offered: `llave` adds "Usar una llave de acceso" (decision 375). */
  metodos?: string[];
  alEntrar: (r: Login) => void;
  alVolver: () => void;
}) {
  // With no authenticator app (a passkey only), the typed code is a recovery code.
  const [recuperacion, setRecuperacion] = useState(!metodos.includes('totp'));
  const [conLlave, setConLlave] = useState(false);

  async function usarLlave() {
    setConLlave(true);
    setError(null);
    try {
      const { segundoPasoConLlave } = await import('../lib/llave-acceso');
      alEntrar(await segundoPasoConLlave(tokenMfa));
    } catch (err) {
      if (err instanceof ErrorApi && err.cuerpo?.code === 'MFA_PENDIENTE_INVALIDO') return alVolver();
      setError(err instanceof Error ? err.message : 'No pudimos verificar tu llave de acceso. Inténtalo de nuevo.');
    } finally {
      setConLlave(false);
    }
  }
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  // Campo takes no ref: the field is found by its id.
  const enfocar = () => document.getElementById('codigo-mfa')?.focus();
  useEffect(enfocar, []);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    const invalido = errorDeCodigo(recuperacion ? 'recuperacion' : 'totp', codigo);
    if (invalido) return setError(invalido);
    setEnviando(true);
    setError(null);
    try {
      alEntrar(await segundoPaso({ token_mfa: tokenMfa, codigo, tipo: recuperacion ? 'recuperacion' : 'totp' }));
    } catch (err) {
      if (err instanceof ErrorApi && err.cuerpo?.code === 'MFA_PENDIENTE_INVALIDO') return alVolver();
      setError(err instanceof ErrorApi ? err.message : 'No pudimos verificar el código. Inténtalo de nuevo.');
      enfocar();
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={enviar} className="space-y-4" noValidate aria-labelledby="segundo-paso-titulo">
      <h2 id="segundo-paso-titulo" className="font-serif text-xl text-tinta-900">
        {MSG_MFA.pasoTitulo}
      </h2>
      <p className="text-tinta-700">{recuperacion ? MSG_MFA.pasoInstruccionRecuperacion : MSG_MFA.pasoInstruccion}</p>
      <Campo
        id="codigo-mfa"
        etiqueta={recuperacion ? MSG_MFA.etiquetaRecuperacion : MSG_MFA.etiquetaCodigo}
        autoComplete="one-time-code"
        inputMode={recuperacion ? 'text' : 'numeric'}
        autoCapitalize={recuperacion ? 'characters' : 'off'}
        spellCheck={false}
        maxLength={recuperacion ? 20 : 7}
        value={codigo}
        onChange={(e) => {
          setCodigo(e.target.value);
          setError(null);
        }}
      />
      {error && <Aviso tono="error">{error}</Aviso>}
      <Boton type="submit" disabled={enviando || codigo.trim() === ''} className="w-full">
        {enviando ? 'Verificando…' : MSG_MFA.verificar}
      </Boton>
      {metodos.includes('llave') && (
        <Boton type="button" variante="secundario" disabled={conLlave} className="w-full" onClick={usarLlave}>
          {MSG_LLAVES.usarLlave}
        </Boton>
      )}
      <div className="flex flex-col items-center gap-1">
        {metodos.includes('totp') && (
          <button
            type="button"
            className="min-h-12 font-semibold text-salvia-700 underline"
            onClick={() => {
              setRecuperacion(!recuperacion);
              setCodigo('');
              setError(null);
              enfocar();
            }}
          >
            {recuperacion ? MSG_MFA.usarApp : MSG_MFA.usarRecuperacion}
          </button>
        )}
        <button type="button" className="min-h-12 text-tinta-700 underline" onClick={alVolver}>
          {MSG_MFA.volver}
        </button>
      </div>
    </form>
  );
}
