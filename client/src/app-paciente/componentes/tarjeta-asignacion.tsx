// One of her activities in "Mi proceso": title, stage or origin, deadline, evidence count; opens it.
import type { Asignacion } from '@miduelo/shared/actividades';
import { ChevronRight, Clock, Paperclip } from 'lucide-react';
import { ETIQUETA_ESTADO_APP, textoFechaLimite } from '../lib/actividades';
import { Enlace } from '../lib/enrutador';

export const rutaActividad = (id: number) => `/proceso/actividad/${id}`;

export function TarjetaAsignacion({ a }: { a: Asignacion }) {
  const limite = a.estado === 'en_proceso' ? textoFechaLimite(a.fecha_limite) : null;
  const n = a.evidencias.length;
  return (
    <Enlace
      a={rutaActividad(a.id_asignacion)}
      data-asignacion={a.id_asignacion}
      className="flex items-center gap-3 rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50"
    >
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-tinta-900 [overflow-wrap:anywhere]">{a.actividad.titulo}</span>
        <span className="mt-0.5 block text-sm text-tinta-600">
          {a.actividad.etapa_duelo ? `Etapa: ${a.actividad.etapa_duelo}` : 'De tu psicóloga o psicólogo'} · {a.actividad.tipo}
        </span>
        {limite && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-tinta-700">
            <Clock aria-hidden className="size-4 shrink-0" /> {limite}
          </span>
        )}
        {a.estado === 'finalizada' && <span className="mt-1 block text-sm text-salvia-700">{ETIQUETA_ESTADO_APP.finalizada}</span>}
        {n > 0 && (
          <span className="mt-1 flex items-center gap-1.5 text-sm text-tinta-600">
            <Paperclip aria-hidden className="size-4 shrink-0" /> {n === 1 ? '1 evidencia' : `${n} evidencias`}
          </span>
        )}
      </span>
      <ChevronRight aria-hidden className="size-5 shrink-0 text-tinta-400" />
    </Enlace>
  );
}
