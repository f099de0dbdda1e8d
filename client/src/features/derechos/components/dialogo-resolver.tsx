// Resolving an ARCO request (decision 378): a cancellation closes the account and erases her
// personal data (the administrator confirms it knowing what is kept); an opposition records whether
// it proceeds and the answer the patient receives.
import {
  MSG_ARCO,
  RESPUESTA_ARCO_MAX,
  ResolverSolicitudArcoBody,
  type ResultadoSolicitudArco,
  type SolicitudArcoAdmin,
  TEXTO_LO_QUE_SE_BORRA,
  TEXTO_LO_QUE_SE_CONSERVA,
} from '@miduelo/shared/derechos-solicitudes';
import { longitudTexto } from '@miduelo/shared/comun';
import { useState } from 'react';
import * as v from 'valibot';
import { resolverSolicitudArco } from '@/api/derechos-solicitudes';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { nombrePaciente } from './formato';

export function DialogoResolver({ s, onCerrar }: { s: SolicitudArcoAdmin; onCerrar: (resuelta: boolean) => void }) {
  const cancelacion = s.tipo === 'cancelacion';
  const [resultado, setResultado] = useState<ResultadoSolicitudArco>('procedente');
  const [respuesta, setRespuesta] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const paciente = nombrePaciente(s);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    const r = v.safeParse(ResolverSolicitudArcoBody, { resultado: cancelacion ? 'procedente' : resultado, respuesta });
    if (!r.success) return setError(r.issues[0].message);
    if (!cancelacion && r.output.respuesta === '') return setError(MSG_ARCO.respuestaObligatoria);
    setEnviando(true);
    try {
      await resolverSolicitudArco(s.id_solicitud, r.output);
      toast.exito(MSG_ARCO.resuelta);
      onCerrar(true);
    } catch (err) {
      if (err instanceof ApiError && err.sesionCerrada) return;
      if (err instanceof ApiError && err.status === 409) {
        toast.aviso(MSG_ARCO.yaResuelta);
        onCerrar(true);
        return;
      }
      setError(err instanceof ApiError && err.errores.respuesta ? err.errores.respuesta : mensajeDeError(err));
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !enviando && onCerrar(false)}>
      <DialogContent
        titulo={cancelacion ? `Cancelar los datos de ${paciente}` : `Responder la oposición de ${paciente}`}
        descripcion={
          cancelacion
            ? 'Se cierra su cuenta y se borran o anonimizan sus datos personales. No se puede deshacer.'
            : 'Registra si la oposición procede y la respuesta que recibirá por correo y en la app.'
        }
      >
        <form onSubmit={(e) => void enviar(e)} noValidate>
          {cancelacion ? (
            <div className="mb-3 space-y-2 rounded-xl border border-arena-200 bg-arena-50 p-3 text-sm text-tinta-700">
              <p className="font-medium text-tinta-900">Lo que la paciente recibe por correo:</p>
              <p>{TEXTO_LO_QUE_SE_BORRA}</p>
              <p>
                <strong>Se conserva:</strong> {TEXTO_LO_QUE_SE_CONSERVA}
              </p>
            </div>
          ) : (
            <fieldset className="mb-3">
              <legend className="mb-1 text-sm font-medium text-tinta-800">Resultado</legend>
              <div className="flex flex-wrap gap-4">
                {(['procedente', 'improcedente'] as const).map((x) => (
                  <label key={x} className="flex items-center gap-2 text-sm text-tinta-800">
                    <input type="radio" name="resultado-arco" value={x} checked={resultado === x} onChange={() => setResultado(x)} />
                    {x === 'procedente' ? 'Procede' : 'No procede'}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <Field
            id="respuesta-arco"
            etiqueta={cancelacion ? 'Mensaje para la paciente (opcional)' : 'Respuesta para la paciente'}
            ayuda="Lo recibe por correo. No cites datos clínicos."
            error={error}
          >
            {(control) => (
              <Textarea
                {...control}
                value={respuesta}
                onChange={(e) => {
                  setRespuesta(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
          <p className="mt-1 text-right text-xs text-tinta-500 tabular-nums" aria-hidden>
            {longitudTexto(respuesta.trim())}/{RESPUESTA_ARCO_MAX}
          </p>
          <DialogFooter>
            <Button variante="secundario" onClick={() => onCerrar(false)} disabled={enviando}>
              Volver
            </Button>
            <Button type="submit" variante={cancelacion ? 'peligro' : 'primario'} cargando={enviando}>
              {cancelacion ? 'Cerrar la cuenta y cancelar sus datos' : 'Registrar la respuesta'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
