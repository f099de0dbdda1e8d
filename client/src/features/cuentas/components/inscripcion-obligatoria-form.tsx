// Required two-step verification at login (issue 56, decision 382): an account that must have a
// second step and has none sees, right after its password, the QR of a new enrolment; the app's
// first code turns it on and opens the session, whose ten recovery codes show once before entering.
import type { LoginRespuesta } from '@miduelo/shared/cuentas';
import { errorDeCodigo, type InscripcionTotp, MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_MFA_OBLIGATORIA } from '@miduelo/shared/mfa-obligatoria';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { confirmarInscripcionObligatoria, iniciarInscripcionObligatoria } from '@/api/mfa-obligatoria';
import { Button } from '@/components/ui/button';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Cargando } from '@/components/ui/spinner';
import { ApiError, mensajeDeError, mostrarError } from '@/nucleo/http';
import { CodigosRecuperacion, QrInscripcion } from '@/lib/codigos-recuperacion';
import { toast } from '@/lib/toast';

/** A lapsed or spent pending token (or one enrolled meanwhile): back to the password. */
const hayQueVolver = (err: unknown) =>
  err instanceof ApiError && (err.cuerpo?.code === 'MFA_PENDIENTE_INVALIDO' || err.cuerpo?.code === 'MFA_YA_ACTIVA');

export function InscripcionObligatoriaForm({
  tokenMfa,
  alEntrar,
  alVolver,
}: {
  tokenMfa: string;
  alEntrar: (r: LoginRespuesta) => Promise<void>;
  alVolver: () => void;
}) {
  const [inscripcion, setInscripcion] = useState<InscripcionTotp | null>(null);
  const [errorCarga, setErrorCarga] = useState<unknown>(null);
  const [intento, setIntento] = useState(0);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [sesion, setSesion] = useState<(LoginRespuesta & { codigos: string[] }) | null>(null);
  const campo = useRef<HTMLInputElement>(null);
  const titulo = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `intento` is the retry's trigger.
  useEffect(() => {
    let vigente = true;
    setErrorCarga(null);
    iniciarInscripcionObligatoria(tokenMfa).then(
      (i) => vigente && setInscripcion(i),
      (err) => {
        if (!vigente) return;
        if (hayQueVolver(err)) {
          toast.aviso(MSG_MFA.pasoTitulo, mensajeDeError(err));
          alVolver();
        } else setErrorCarga(err);
      },
    );
    return () => {
      vigente = false;
    };
  }, [tokenMfa, intento]);
  useEffect(() => titulo.current?.focus(), []);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    const invalido = errorDeCodigo('totp', codigo);
    if (invalido) {
      setError(invalido);
      return campo.current?.focus();
    }
    setEnviando(true);
    try {
      setSesion(await confirmarInscripcionObligatoria({ token_mfa: tokenMfa, codigo }));
    } catch (err) {
      if (hayQueVolver(err)) {
        toast.aviso(MSG_MFA.pasoTitulo, mensajeDeError(err));
        alVolver();
      } else if (err instanceof ApiError && (err.status === 400 || err.status === 429)) {
        setError(mensajeDeError(err));
        campo.current?.focus();
      } else mostrarError(err);
    } finally {
      setEnviando(false);
    }
  }

  if (sesion)
    return (
      <div className="flex flex-col gap-5" data-inscripcion-obligatoria="codigos">
        <h2 className="font-sans text-lg font-semibold text-tinta-900">{MSG_MFA.codigosTitulo}</h2>
        <CodigosRecuperacion codigos={sesion.codigos} />
        <Button type="button" tamano="lg" onClick={() => void alEntrar(sesion)}>
          {MSG_MFA_OBLIGATORIA.continuar}
        </Button>
      </div>
    );

  return (
    <form
      onSubmit={enviar}
      noValidate
      className="flex flex-col gap-5"
      aria-labelledby="inscripcion-obligatoria-titulo"
      data-inscripcion-obligatoria="qr"
    >
      <div className="flex flex-col gap-2">
        <h2
          id="inscripcion-obligatoria-titulo"
          ref={titulo}
          tabIndex={-1}
          className="font-sans text-lg font-semibold text-tinta-900 outline-none"
        >
          {MSG_MFA_OBLIGATORIA.titulo}
        </h2>
        <p className="text-sm text-tinta-700">{MSG_MFA_OBLIGATORIA.explicacion}</p>
        <p className="text-sm text-tinta-700">{MSG_MFA_OBLIGATORIA.pasoApp}</p>
      </div>
      {errorCarga ? (
        <ErrorCarga texto={mensajeDeError(errorCarga)} onReintentar={() => setIntento((n) => n + 1)} />
      ) : !inscripcion ? (
        <Cargando texto="Preparando tu código QR..." />
      ) : (
        <>
          <QrInscripcion inscripcion={inscripcion} />
          <Field id="codigo-inscripcion" etiqueta={MSG_MFA.etiquetaCodigo} ayuda={MSG_MFA_OBLIGATORIA.pasoCodigo} error={error}>
            {(control) => (
              <Input
                {...control}
                ref={campo}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                placeholder="123456"
                value={codigo}
                onChange={(e) => {
                  setCodigo(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <Button type="submit" tamano="lg" cargando={enviando} disabled={codigo.trim() === ''}>
            {MSG_MFA_OBLIGATORIA.activarYEntrar}
          </Button>
        </>
      )}
      <button type="button" className="self-start text-sm text-tinta-600 hover:underline" onClick={alVolver}>
        {MSG_MFA.volver}
      </button>
    </form>
  );
}
