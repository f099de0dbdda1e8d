import { longitudTexto, quitarInvisibles } from '@miduelo/shared/comun';
import {
  AbrirSupervisionBody,
  type Apertura,
  ETIQUETA_MOTIVO_SUPERVISION,
  MOTIVOS_SUPERVISION,
  type MotivoSupervision,
  RAZON_MAX,
} from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { useState } from 'react';
import * as v from 'valibot';
import { abrirSupervision } from '@/api/supervision';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Field, MensajeError } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { cx } from '@/lib/cx';
import { ApiError, mensajeDeError } from '@/nucleo/http';

type Errores = { motivo?: string; razon?: string; general?: string };

function erroresDe(issues: v.BaseIssue<unknown>[]): Errores {
  const e: Errores = {};
  for (const i of issues) {
    const campo = i.path?.[0]?.key;
    if ((campo === 'motivo' || campo === 'razon') && !e[campo]) e[campo] = i.message;
  }
  return e;
}

/** Motive (radio group) and reason (20–500 characters) → POST …/aperturas. */
export function FormularioApertura({
  idChat,
  psicologo,
  motivoInicial,
  onAbierta,
  onCancelar,
}: {
  idChat: number;
  psicologo: string;
  motivoInicial?: MotivoSupervision;
  onAbierta: (a: Apertura) => void;
  onCancelar: () => void;
}) {
  const [motivo, setMotivo] = useState<MotivoSupervision | ''>(motivoInicial ?? '');
  const [razon, setRazon] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const [enviando, setEnviando] = useState(false);
  const largo = longitudTexto(quitarInvisibles(razon).trim());

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    const r = v.safeParse(AbrirSupervisionBody, { motivo: motivo || undefined, razon });
    if (!r.success) {
      setErrores(erroresDe(r.issues));
      return;
    }
    setEnviando(true);
    try {
      onAbierta(await abrirSupervision(idChat, r.output));
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      const campos = err instanceof ApiError ? err.errores : {};
      setErrores(campos.motivo || campos.razon ? { motivo: campos.motivo, razon: campos.razon } : { general: mensajeDeError(err) });
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={(e) => void enviar(e)} noValidate>
      <p className="mb-5 rounded-xl bg-arena-50 px-4 py-3 text-sm text-tinta-700">{T.aperturaExplica(psicologo)}</p>
      <fieldset aria-describedby={errores.motivo ? 'motivo-error' : undefined} aria-invalid={errores.motivo ? true : undefined}>
        <legend className="mb-2 text-sm font-medium text-tinta-800">{T.motivo}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {MOTIVOS_SUPERVISION.map((m) => (
            <label
              key={m}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3.5 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-salvia-500',
                motivo === m
                  ? 'border-salvia-500 bg-salvia-50 font-semibold text-salvia-900'
                  : 'border-arena-300 text-tinta-800 hover:bg-arena-50',
              )}
            >
              <input
                type="radio"
                name="motivo-supervision"
                value={m}
                checked={motivo === m}
                onChange={() => {
                  setMotivo(m);
                  setErrores((x) => ({ ...x, motivo: undefined }));
                }}
                className="size-4 shrink-0 accent-salvia-600"
              />
              {ETIQUETA_MOTIVO_SUPERVISION[m]}
            </label>
          ))}
        </div>
        <MensajeError id="motivo-error" mensaje={errores.motivo} />
      </fieldset>
      <Field id="razon-supervision" etiqueta={T.razon} ayuda={T.razonAyuda} error={errores.razon} className="mt-5">
        {(control) => (
          <Textarea
            {...control}
            value={razon}
            rows={4}
            onChange={(e) => {
              setRazon(e.target.value);
              setErrores((x) => ({ ...x, razon: undefined, general: undefined }));
            }}
          />
        )}
      </Field>
      <p className={cx('mt-1 text-right text-xs tabular-nums', largo > RAZON_MAX ? 'text-peligro-700' : 'text-tinta-500')} aria-hidden>
        {T.caracteres(largo, RAZON_MAX)}
      </p>
      <MensajeError mensaje={errores.general} />
      <DialogFooter>
        <Button variante="secundario" onClick={onCancelar} disabled={enviando}>
          {T.cancelar}
        </Button>
        <Button type="submit" cargando={enviando}>
          {T.confirmarApertura}
        </Button>
      </DialogFooter>
    </form>
  );
}
