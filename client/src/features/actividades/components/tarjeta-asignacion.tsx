import { type Asignacion, ETIQUETA_ESTADO_ASIGNACION, ETIQUETA_PRIORIDAD, TEXTOS_ACTIVIDADES as T } from '@miduelo/shared/actividades';
import { formatoFecha } from '@miduelo/shared/fechas';
import { Paperclip } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { TONO_PRIORIDAD } from './estados';
import { MenuAsignacion } from './menu-asignacion';

const TONO_ESTADO_ASIGNACION = { en_proceso: 'aviso', finalizada: 'exito' } as const;

/** One assigned activity of the list: title, state, priority, evidence count, instructions and due
 * date (opens its detail), and its actions menu. */
export function TarjetaAsignacion(p: {
  asignacion: Asignacion;
  onAbrir: () => void;
  onEstado: () => void;
  onInstrucciones: () => void;
  onEliminar: () => void;
}) {
  const a = p.asignacion;
  return (
    <Card className="flex items-start gap-3 p-4">
      <button type="button" className="min-w-0 flex-1 cursor-pointer text-left" onClick={p.onAbrir}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-tinta-900 wrap-anywhere">{a.actividad.titulo}</span>
          <Badge tono={TONO_ESTADO_ASIGNACION[a.estado]}>{ETIQUETA_ESTADO_ASIGNACION[a.estado]}</Badge>
          <Badge tono={TONO_PRIORIDAD[a.prioridad]}>{ETIQUETA_PRIORIDAD[a.prioridad]}</Badge>
          <Badge tono={a.total_evidencias > 0 ? 'salvia' : 'neutro'}>
            <Paperclip className="size-3" aria-hidden /> {a.total_evidencias} evidencia(s)
          </Badge>
        </span>
        <span className="mt-1 line-clamp-2 text-sm text-tinta-600 wrap-anywhere">
          {a.instrucciones_personalizadas ?? a.actividad.descripcion ?? T.sinDescripcion}
        </span>
        <span className="mt-1 block text-xs text-tinta-500">
          {a.fecha_limite ? T.fechaLimite(formatoFecha(a.fecha_limite)) : T.sinFechaLimite}
        </span>
      </button>
      <MenuAsignacion asignacion={a} onEstado={p.onEstado} onInstrucciones={p.onInstrucciones} onEliminar={p.onEliminar} />
    </Card>
  );
}
