import type { Historial } from '@miduelo/shared/actividades';
import { ActividadCambioSchema } from '@miduelo/shared/realtime-actividades';
import dayjs from 'dayjs';
import { TrendingUp } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { historialModulos } from '@/api/actividades';

const ANCHO = 600;
const ALTO = 160;
const MARGEN = 24;

/** Overall module progress over time (decision 127): a small line chart drawn as SVG (a chart
 * library would weigh more than the whole tab for one line). */
export function HistorialProgreso({ idPaciente }: { idPaciente: number }) {
  const { data, recargar } = useLiveResource<Historial>({ fetch: (s) => historialModulos(idPaciente, s), deps: [idPaciente] });
  useEventoSocket('actividad:cambio', ActividadCambioSchema, (e) => {
    if (e.id_paciente === idPaciente) recargar();
  });
  if (!data || data.length === 0) return null;
  const x = (i: number) => MARGEN + (data.length === 1 ? (ANCHO - 2 * MARGEN) / 2 : (i * (ANCHO - 2 * MARGEN)) / (data.length - 1));
  const y = (v: number) => ALTO - MARGEN - (v / 100) * (ALTO - 2 * MARGEN);
  const puntos = data.map((d, i) => `${x(i)},${y(d.general)}`).join(' ');
  const ultimo = data[data.length - 1];
  return (
    <Card className="p-5">
      <h3 className="flex items-center gap-2 font-serif text-lg font-semibold text-tinta-900">
        <TrendingUp className="size-5 text-salvia-700" aria-hidden /> Progreso en el tiempo
      </h3>
      <svg
        viewBox={`0 0 ${ANCHO} ${ALTO}`}
        className="mt-3 h-40 w-full"
        role="img"
        aria-label={`Progreso general del ${dayjs(data[0].fecha).format('DD/MM/YYYY')} al ${dayjs(ultimo.fecha).format('DD/MM/YYYY')}: ${ultimo.general}%`}
      >
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={MARGEN} x2={ANCHO - MARGEN} y1={y(v)} y2={y(v)} className="stroke-arena-200" strokeDasharray="4 4" />
            <text x={0} y={y(v) + 4} className="fill-tinta-500 text-[10px]">
              {v}%
            </text>
          </g>
        ))}
        <polyline points={puntos} fill="none" className="stroke-salvia-600" strokeWidth={2.5} strokeLinejoin="round" />
        {data.map((d, i) => (
          <circle key={d.fecha} cx={x(i)} cy={y(d.general)} r={3.5} className="fill-salvia-700">
            <title>{`${dayjs(d.fecha).format('DD/MM/YYYY')}: ${d.general}%`}</title>
          </circle>
        ))}
      </svg>
      <p className="mt-1 flex justify-between text-xs text-tinta-500">
        <span>{dayjs(data[0].fecha).format('DD/MM/YYYY')}</span>
        <span>{dayjs(ultimo.fecha).format('DD/MM/YYYY')}</span>
      </p>
    </Card>
  );
}
