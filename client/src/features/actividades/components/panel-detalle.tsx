import { type Asignacion, ETIQUETA_ESTADO_ASIGNACION, ETIQUETA_PRIORIDAD, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { formatoFecha } from '@miduelo/shared/fechas';
import { BellRing, CheckCircle2, EyeOff, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { focoDeDialogo } from '@/components/ui/foco-dialogo';
import { mostrarError } from '@/nucleo/http';
import { toast } from '@/lib/toast';
import { enviarRecordatorio } from '@/api/actividades';
import { TONO_PRIORIDAD } from './estados';
import { TarjetaEvidencia, VisorEvidencia } from './evidencias';
import { fechaCorta, fechaHora } from '@/lib/format';

const TONO = { en_proceso: 'aviso', finalizada: 'exito' } as const;

/** The right-side detail panel of an assigned activity (spec 2 §2). */
export function PanelDetalle({
  asignacion: a,
  onCerrar,
  onEditar,
  onEstado,
}: {
  asignacion: Asignacion;
  onCerrar: () => void;
  onEditar: () => void;
  onEstado: () => void;
}) {
  // By id: the viewer follows the live list (the patient may hide or delete what is shown).
  const [viendo, setViendo] = useState<number | null>(null);
  const [recordando, setRecordando] = useState(false);
  // A side panel on Radix directly: focus goes back to the row that opened it (decision 343).
  const contenido = useRef<HTMLDivElement>(null);
  const foco = focoDeDialogo(contenido);
  return (
    <RadixDialog.Root open onOpenChange={(o) => !o && onCerrar()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-tinta-900/30" />
        <RadixDialog.Content
          ref={contenido}
          {...foco}
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-papel shadow-elevada focus:outline-none"
        >
          <div className="flex items-start justify-between gap-3 border-b border-arena-200 p-5">
            <RadixDialog.Title className="font-serif text-lg font-semibold text-tinta-900 wrap-anywhere">
              {a.actividad.titulo}
            </RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button variante="fantasma" tamano="icono" aria-label="Cerrar">
                <X className="size-4" aria-hidden />
              </Button>
            </RadixDialog.Close>
          </div>
          <div className="flex-1 space-y-4 overflow-y-auto p-5 text-sm">
            <div className="flex flex-wrap gap-2">
              <Badge tono={TONO[a.estado]}>{ETIQUETA_ESTADO_ASIGNACION[a.estado]}</Badge>
              <Badge tono={TONO_PRIORIDAD[a.prioridad]}>Prioridad {ETIQUETA_PRIORIDAD[a.prioridad]}</Badge>
            </div>
            {a.estado === 'finalizada' && (
              <p className="flex items-center gap-2 rounded-xl bg-exito-50 p-3 font-semibold text-exito-700">
                <CheckCircle2 className="size-5" aria-hidden /> {T.actividadCompletada}
              </p>
            )}
            <dl className="grid grid-cols-2 gap-3">
              <Dato titulo="Asignada">{fechaCorta(a.fecha_asignacion)}</Dato>
              <Dato titulo="Fecha límite">{a.fecha_limite ? formatoFecha(a.fecha_limite) : T.sinFechaLimite}</Dato>
              <Dato titulo="Completada">{a.fecha_completada ? fechaHora(a.fecha_completada) : '—'}</Dato>
              <Dato titulo="Tipo">{a.actividad.tipo}</Dato>
            </dl>
            <Seccion titulo="Descripción">{a.actividad.descripcion ?? T.sinDescripcion}</Seccion>
            <Seccion titulo="Instrucciones personalizadas">{a.instrucciones_personalizadas ?? 'Sin instrucciones'}</Seccion>
            <div>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-tinta-500 uppercase">Evidencias del paciente</h3>
              {!a.visible_para_psicologo && a.evidencias.length === 0 ? (
                <p className="flex items-start gap-2 rounded-xl bg-arena-50 p-3 text-tinta-600">
                  <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden /> {T.evidenciaPrivada}
                </p>
              ) : a.evidencias.length === 0 ? (
                <p className="text-tinta-500">Aún no hay evidencias.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {a.evidencias.map((e) => (
                    <TarjetaEvidencia key={e.id_evidencia} evidencia={e} onVer={() => setViendo(e.id_evidencia)} />
                  ))}
                </ul>
              )}
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-arena-200 p-4">
            {a.estado === 'en_proceso' && (
              <Button
                variante="fantasma"
                tamano="sm"
                cargando={recordando}
                onClick={async () => {
                  setRecordando(true);
                  try {
                    const r = await enviarRecordatorio(a.id_asignacion);
                    toast.exito(r.msg);
                  } catch (e) {
                    mostrarError(e);
                  } finally {
                    setRecordando(false);
                  }
                }}
              >
                <BellRing className="size-4" aria-hidden /> Recordar
              </Button>
            )}
            <Button variante="secundario" tamano="sm" onClick={onCerrar}>
              {T.cerrar}
            </Button>
            <Button variante="suave" tamano="sm" onClick={onEditar}>
              {T.editar}
            </Button>
            <Button tamano="sm" onClick={onEstado}>
              {T.cambiarEstado}
            </Button>
          </div>
          {/* The evidence viewer opens over the drawer: the drawer dims behind it, as the page does
              behind the drawer, so one surface is active (issue 53); a click on it closes the viewer. */}
          {viendo !== null && (
            <div data-atenuado aria-hidden className="absolute inset-0 animate-desvanecer bg-tinta-900/40 backdrop-blur-[2px]" />
          )}
          {viendo !== null && (
            <VisorEvidencia id={viendo} evidencias={a.evidencias} privada={!a.visible_para_psicologo} onCerrar={() => setViendo(null)} />
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function Dato({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">{titulo}</dt>
      <dd className="mt-0.5 text-tinta-800">{children}</dd>
    </div>
  );
}

function Seccion({ titulo, children }: { titulo: string; children: React.ReactNode }) {
  return (
    <div>
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-tinta-500 uppercase">{titulo}</h3>
      <p className="whitespace-pre-wrap text-tinta-800 wrap-anywhere">{children}</p>
    </div>
  );
}
