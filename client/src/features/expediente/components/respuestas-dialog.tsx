import {
  type Aplicacion,
  colorRespuesta,
  etiquetaLikert,
  maximoDeEscala,
  type Respuesta,
  TEXTOS_EXPEDIENTE,
} from '@miduelo/shared/expediente';
import { Download } from 'lucide-react';
import { useEffect } from 'react';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Cargando } from '@/components/ui/spinner';
import { respuestasDeAplicacion } from '@/api/expediente';
import { ApiError } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { toast } from '@/lib/toast';
import { fechaHora } from '@/lib/format';
import { descargarPdf } from '../formato';

const TONO = { verde: 'exito', amarillo: 'aviso', rojo: 'peligro' } as const;

/** The answers modal (spec 1 §2): test name and date, overall result, each question with its answer,
 * 'No hay respuestas registradas', Descargar PDF and Cerrar. */
export default function RespuestasDialog({ aplicacion: a, onCerrar }: { aplicacion: Aplicacion | null; onCerrar: () => void }) {
  const {
    data: respuestas,
    error,
    recargar,
  } = useLiveResource<Respuesta[]>({
    fetch: (s) => respuestasDeAplicacion(a?.id_aplicacion ?? 0, s),
    enabled: a !== null,
    vigilar: false,
    deps: [a?.id_aplicacion],
  });
  useEffect(() => {
    if (!error || (error instanceof ApiError && error.sesionCerrada)) return;
    toast.error('Error', TEXTOS_EXPEDIENTE.errorRespuestas);
  }, [error]);

  const max = maximoDeEscala(a?.test.tipo_escala ?? '');
  return (
    <Dialog open={a !== null} onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={a?.test.nombre ?? ''} descripcion={a ? fechaHora(a.fecha) : undefined} ancho="lg">
        {a?.resultado ? (
          <div className="mb-4 rounded-xl bg-salvia-50 p-4">
            <p className="text-sm font-medium text-salvia-900">{TEXTOS_EXPEDIENTE.resultado}</p>
            <p className="mt-1 text-tinta-800 wrap-anywhere">{a.resultado.interpretacion}</p>
            <p className="mt-1 text-sm text-tinta-700">
              {TEXTOS_EXPEDIENTE.puntajeTotal}: <strong className="tabular-nums">{a.resultado.puntaje_total}</strong>
              {a.resultado.riesgo ? (
                <Badge tono="peligro" className="ml-2">
                  {TEXTOS_EXPEDIENTE.riesgo}
                </Badge>
              ) : null}
            </p>
          </div>
        ) : null}
        {respuestas === undefined && !error ? (
          <Cargando texto="Cargando respuestas..." />
        ) : respuestas === undefined ? (
          <ErrorCarga texto={TEXTOS_EXPEDIENTE.errorRespuestas} onReintentar={recargar} className="py-6" />
        ) : respuestas.length === 0 ? (
          <p className="text-sm text-tinta-600">{TEXTOS_EXPEDIENTE.sinRespuestas}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {respuestas.map((r) => (
              <li key={r.id_pregunta} className="rounded-lg border border-arena-200 p-3">
                <p className="text-sm font-medium text-tinta-900 wrap-anywhere">
                  {r.pregunta.orden}. {r.pregunta.texto_pregunta}
                </p>
                <div className="mt-1.5">
                  {r.pregunta.tipo_respuesta === 'escala' ? (
                    <Badge tono={TONO[colorRespuesta(Number(r.respuesta))]}>
                      {r.respuesta}
                      {etiquetaLikert(Number(r.respuesta), max) ? ` · ${etiquetaLikert(Number(r.respuesta), max)}` : ''}
                    </Badge>
                  ) : r.pregunta.tipo_respuesta === 'si_no' ? (
                    <Badge tono="neutro">{r.respuesta === 'si' ? 'Sí' : 'No'}</Badge>
                  ) : (
                    <p className="text-sm whitespace-pre-wrap text-tinta-700 wrap-anywhere">{r.respuesta}</p>
                  )}
                </div>
              </li>
            ))}
          </ol>
        )}
        <DialogFooter>
          <Button variante="secundario" onClick={() => a && void descargarPdf(a)}>
            <Download className="size-4" aria-hidden /> {TEXTOS_EXPEDIENTE.descargarPdf}
          </Button>
          <Button onClick={onCerrar}>{TEXTOS_EXPEDIENTE.cerrar}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
