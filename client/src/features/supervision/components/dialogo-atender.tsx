import { ACCION_MAX, type AlertaCrisis, MSG_SUPERVISION, ReconocerAlertaBody } from '@miduelo/shared/supervision';
import { TEXTOS_SUPERVISION as T } from '@miduelo/shared/supervision-textos';
import { longitudTexto } from '@miduelo/shared/comun';
import { useState } from 'react';
import * as v from 'valibot';
import { reconocerAlertaCrisis } from '@/api/supervision';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useAlertasAdmin } from '../alertas';
import { nombre } from '../formato';

/** "Atender": what was done (5–500 characters) → the alert closes for every administrator. */
export function DialogoAtender({ alerta, onCerrar }: { alerta: AlertaCrisis; onCerrar: () => void }) {
  const [accion, setAccion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const quitar = useAlertasAdmin((s) => s.quitar);
  const paciente = nombre(alerta.paciente);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    const r = v.safeParse(ReconocerAlertaBody, { accion });
    if (!r.success) {
      setError(r.issues[0].message);
      return;
    }
    setEnviando(true);
    try {
      await reconocerAlertaCrisis(alerta.id_alerta, r.output.accion);
      toast.exito(MSG_SUPERVISION.alertaReconocida);
      quitar(alerta.id_alerta);
      onCerrar();
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      if (err instanceof ApiError && err.status === 409) {
        // Someone else acknowledged it first: it is gone for everyone.
        toast.aviso(MSG_SUPERVISION.alertaYaReconocida);
        quitar(alerta.id_alerta);
        onCerrar();
        return;
      }
      setError(err instanceof ApiError && err.errores.accion ? err.errores.accion : mensajeDeError(err));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !enviando && onCerrar()}>
      <DialogContent titulo={T.atenderTitulo(paciente)} descripcion={T.atenderExplica}>
        <form onSubmit={(e) => void enviar(e)} noValidate>
          <Field id="accion-alerta" etiqueta={T.accionEtiqueta} ayuda={T.accionAyuda} error={error}>
            {(control) => (
              <Textarea
                {...control}
                value={accion}
                maxLength={ACCION_MAX * 2}
                onChange={(e) => {
                  setAccion(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <p className="mt-1 text-right text-xs text-tinta-500 tabular-nums" aria-hidden>
            {T.caracteres(longitudTexto(accion.trim()), ACCION_MAX)}
          </p>
          <DialogFooter>
            <Button variante="secundario" onClick={onCerrar} disabled={enviando}>
              {T.cancelar}
            </Button>
            <Button type="submit" cargando={enviando}>
              {T.marcarAtendida}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
