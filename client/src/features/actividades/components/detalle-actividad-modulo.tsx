import { type ActividadModulo, ETIQUETA_ESTADO_MODULO, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AvisoEvidenciaPrivada, TarjetaEvidencia, VisorEvidencia } from './evidencias';
import { TONO_ESTADO } from './estados';
import { fechaHora } from '@/lib/format';

const fecha = (f: string | Date | null) => (f ? fechaHora(f) : '—');

/** The activity detail modal of a module (spec 2 §2): Detalles, and Evidencias (count) only when
 * visible evidence exists, opening on it; a private activity shows the patient's notice. */
export function DetalleActividadModulo({ actividad: a, onCerrar }: { actividad: ActividadModulo; onCerrar: () => void }) {
  const hayEvidencias = a.evidencias.length > 0;
  const [pestana, setPestana] = useState(hayEvidencias ? 'evidencias' : 'detalles');
  // The patient may hide or delete the evidence while the detail is open (live data): its tab goes,
  // and the detail falls back on Detalles rather than show a tab that no longer exists.
  if (pestana === 'evidencias' && !hayEvidencias) setPestana('detalles');
  const [viendo, setViendo] = useState<number | null>(null);
  return (
    <Dialog open onOpenChange={(o) => !o && onCerrar()}>
      <DialogContent titulo={<span className="wrap-anywhere">{a.titulo}</span>} ancho="lg">
        <Tabs value={pestana} onValueChange={setPestana}>
          <TabsList>
            <TabsTrigger value="detalles">{T.detalles}</TabsTrigger>
            {hayEvidencias && (
              <TabsTrigger value="evidencias">
                {T.evidencias} ({a.evidencias.length})
              </TabsTrigger>
            )}
          </TabsList>
          <TabsContent value="detalles">
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <Dato titulo="Tipo">{a.tipo ?? T.sinEspecificar}</Dato>
              <Dato titulo="Estado">
                <Badge tono={TONO_ESTADO[a.estado]}>{ETIQUETA_ESTADO_MODULO[a.estado]}</Badge>
              </Dato>
              <Dato titulo="Fecha de asignación">{fecha(a.fecha_asignacion)}</Dato>
              <Dato titulo="Fecha de completado">{fecha(a.fecha_completada)}</Dato>
              <Dato titulo="Descripción" ancho>
                <span className="whitespace-pre-wrap wrap-anywhere">{a.descripcion ?? T.sinDescripcion}</span>
              </Dato>
              <Dato titulo="Configuración de visibilidad" ancho>
                {a.visible_para_psicologo ? 'El paciente permite ver las evidencias de esta actividad' : 'Evidencias privadas del paciente'}
              </Dato>
            </dl>
            {!a.visible_para_psicologo && <AvisoEvidenciaPrivada className="mt-4" />}
          </TabsContent>
          {hayEvidencias && (
            <TabsContent value="evidencias">
              <ul className="flex flex-col gap-3">
                {a.evidencias.map((e) => (
                  <TarjetaEvidencia key={e.id_evidencia} evidencia={e} onVer={() => setViendo(e.id_evidencia)} />
                ))}
              </ul>
            </TabsContent>
          )}
        </Tabs>
        {viendo !== null && (
          <VisorEvidencia id={viendo} evidencias={a.evidencias} privada={!a.visible_para_psicologo} onCerrar={() => setViendo(null)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Dato({ titulo, children, ancho }: { titulo: string; children: React.ReactNode; ancho?: boolean }) {
  return (
    <div className={ancho ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-tinta-500 uppercase">{titulo}</dt>
      <dd className="mt-1 text-tinta-800">{children}</dd>
    </div>
  );
}
