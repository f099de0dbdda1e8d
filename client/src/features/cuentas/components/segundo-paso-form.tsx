// The login's second step (issue 56, decision 371): the code of the authenticator app, or one of
// the recovery codes. A wrong code is said under the field; a lapsed step goes back to the password.
import type { LoginRespuesta } from '@miduelo/shared/cuentas';
import { errorDeCodigo, MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_LLAVES } from '@miduelo/shared/passkeys';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { segundoPasoPsicologo } from '@/api/mfa';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, mensajeDeError, mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';

type Modo = 'totp' | 'recuperacion';

export function SegundoPasoForm({
  tokenMfa,
  metodos = ['totp', 'recuperacion'],
  alEntrar,
  alVolver,
}: {
  tokenMfa: string;
  /** The methods the password step offered: `llave` adds "Usar una llave de acceso" (decision 375). */
  metodos?: string[];
  alEntrar: (r: LoginRespuesta) => Promise<void>;
  alVolver: () => void;
}) {
  // An account whose second step is only a passkey starts with the recovery code as the typed one.
  const [modo, setModo] = useState<Modo>(metodos.includes('totp') ? 'totp' : 'recuperacion');
  const [conLlave, setConLlave] = useState(false);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const campo = useRef<HTMLInputElement>(null);
  // The field takes focus when the step shows and when the kind of code changes.
  useEffect(() => campo.current?.focus(), []);

  function cambiarModo() {
    setModo(modo === 'totp' ? 'recuperacion' : 'totp');
    setCodigo('');
    setError(null);
    campo.current?.focus();
  }

  async function usarLlave() {
    setConLlave(true);
    setError(null);
    try {
      const [api, webauthn] = await Promise.all([import('@/api/llaves'), import('@/nucleo/llave-acceso')]);
      const { opciones } = await api.opcionesSegundoPasoLlave(tokenMfa);
      const respuesta = await webauthn.usarCredencial(opciones).catch((err: unknown) => {
        throw new Error(webauthn.mensajeDeCeremonia(err) ?? MSG_LLAVES.noReconocida);
      });
      await alEntrar(await api.segundoPasoLlave(tokenMfa, respuesta));
    } catch (err) {
      if (err instanceof ApiError && err.cuerpo?.code === 'MFA_PENDIENTE_INVALIDO') {
        toast.aviso(MSG_MFA.pasoTitulo, mensajeDeError(err));
        alVolver();
      } else if (err instanceof ApiError) setError(mensajeDeError(err));
      else setError(err instanceof Error ? err.message : MSG_LLAVES.noReconocida);
    } finally {
      setConLlave(false);
    }
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    const invalido = errorDeCodigo(modo, codigo);
    if (invalido) return setError(invalido);
    setEnviando(true);
    try {
      await alEntrar(await segundoPasoPsicologo({ token_mfa: tokenMfa, codigo, tipo: modo }));
    } catch (err) {
      if (err instanceof ApiError && err.cuerpo?.code === 'MFA_PENDIENTE_INVALIDO') {
        toast.aviso(MSG_MFA.pasoTitulo, mensajeDeError(err));
        alVolver();
      } else if (err instanceof ApiError && (err.status === 401 || err.status === 429 || err.status === 400)) {
        setError(mensajeDeError(err));
        campo.current?.focus();
      } else mostrarError(err);
    } finally {
      setEnviando(false);
    }
  }

  const recuperacion = modo === 'recuperacion';
  return (
    <form onSubmit={enviar} noValidate className="flex flex-col gap-5" aria-labelledby="segundo-paso-titulo">
      <div>
        <h2 id="segundo-paso-titulo" className="font-sans text-lg font-semibold text-tinta-900">
          {MSG_MFA.pasoTitulo}
        </h2>
        <p className="text-sm text-tinta-600">{recuperacion ? MSG_MFA.pasoInstruccionRecuperacion : MSG_MFA.pasoInstruccion}</p>
      </div>
      <Field id="codigo-mfa" etiqueta={recuperacion ? MSG_MFA.etiquetaRecuperacion : MSG_MFA.etiquetaCodigo} error={error}>
        {(control) => (
          <Input
            {...control}
            ref={campo}
            autoComplete="one-time-code"
            inputMode={recuperacion ? 'text' : 'numeric'}
            autoCapitalize={recuperacion ? 'characters' : 'off'}
            spellCheck={false}
            maxLength={recuperacion ? 20 : 7}
            placeholder={recuperacion ? 'XXXXX-XXXXX' : '123456'}
            value={codigo}
            onChange={(e) => {
              setCodigo(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" tamano="lg" cargando={enviando} disabled={codigo.trim() === ''}>
        {MSG_MFA.verificar}
      </Button>
      {metodos.includes('llave') && (
        <Button type="button" variante="secundario" tamano="lg" cargando={conLlave} onClick={usarLlave}>
          {MSG_LLAVES.usarLlave}
        </Button>
      )}
      <div className="flex flex-wrap justify-between gap-3 text-sm">
        {metodos.includes('totp') && (
          <button type="button" className="font-semibold text-salvia-700 hover:underline" onClick={cambiarModo}>
            {recuperacion ? MSG_MFA.usarApp : MSG_MFA.usarRecuperacion}
          </button>
        )}
        <button type="button" className="text-tinta-600 hover:underline" onClick={alVolver}>
          {MSG_MFA.volver}
        </button>
      </div>
    </form>
  );
}
