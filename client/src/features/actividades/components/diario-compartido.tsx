import { DiarioCambioSchema, type Entrada, INTENSIDAD_MAX, TEXTOS_DIARIO } from '@miduelo/shared/actividades-diario';
import dayjs from 'dayjs';
import { ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { hoyClinica } from '@/lib/format';
import { useEventoSocket } from '@/nucleo/live/use-evento-socket';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { diarioCompartido } from '@/api/actividades';

const colorIntensidad = (n: number) => (n >= 8 ? 'bg-peligro-600' : n >= 5 ? 'bg-aviso-600' : 'bg-salvia-500');

/** The shared entries of the patient's emotion diary: a month view and an intensity chart (one bar
 * per entry), live as the patient shares or withdraws an entry (decision 126). */
export function DiarioCompartido({ idPaciente }: { idPaciente: number }) {
  const [mes, setMes] = useState(hoyClinica().slice(0, 7));
  const { data, setData } = useLiveResource<Entrada[]>({ fetch: (s) => diarioCompartido(idPaciente, mes, s), deps: [idPaciente, mes] });
  useEventoSocket('diario:cambio', DiarioCambioSchema, (e) => {
    if (e.tipo === 'retirada') {
      if (e.id_paciente === idPaciente) setData((l) => l?.filter((x) => x.id_entrada !== e.id_entrada));
      return;
    }
    if (e.entrada.id_paciente !== idPaciente || !e.entrada.fecha.startsWith(mes)) return;
    setData((l) =>
      [...(l ?? []).filter((x) => x.id_entrada !== e.entrada.id_entrada), e.entrada].sort((a, b) => a.fecha.localeCompare(b.fecha)),
    );
  });
  const mover = (d: number) => setMes(dayjs(`${mes}-01`).add(d, 'month').format('YYYY-MM'));
  const titulo = dayjs(`${mes}-01`).locale('es').format('MMMM YYYY');
  return (
    <Card className="p-5" aria-label={TEXTOS_DIARIO.titulo}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-serif text-lg font-semibold text-tinta-900">
          <NotebookPen className="size-5 text-salvia-700" aria-hidden /> {TEXTOS_DIARIO.titulo}
        </h3>
        <div className="flex items-center gap-1">
          <Button variante="fantasma" tamano="icono" aria-label="Mes anterior" onClick={() => mover(-1)}>
            <ChevronLeft className="size-4" aria-hidden />
          </Button>
          <span className="min-w-32 text-center text-sm font-medium capitalize text-tinta-700">{titulo}</span>
          <Button variante="fantasma" tamano="icono" aria-label="Mes siguiente" onClick={() => mover(1)}>
            <ChevronRight className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      <p className="mt-1 text-xs text-tinta-500">{TEXTOS_DIARIO.explicacion}</p>
      {data === undefined ? null : data.length === 0 ? (
        <p className="mt-4 text-sm text-tinta-600">{TEXTOS_DIARIO.vacio}</p>
      ) : (
        <>
          <div
            className="mt-4 flex h-28 items-end gap-1 border-b border-arena-200"
            role="img"
            aria-label={`${TEXTOS_DIARIO.intensidad} por día`}
          >
            {data.map((e) => (
              <div
                key={e.id_entrada}
                title={`${dayjs(e.fecha).format('DD/MM')} · ${e.emocion} · ${e.intensidad}/${INTENSIDAD_MAX}`}
                className={`min-w-2 flex-1 rounded-t ${colorIntensidad(e.intensidad)}`}
                style={{ height: `${(e.intensidad / INTENSIDAD_MAX) * 100}%` }}
              />
            ))}
          </div>
          <ul className="mt-3 flex flex-col gap-2">
            {data.map((e) => (
              <li key={e.id_entrada} className="flex gap-3 text-sm" data-entrada={e.id_entrada}>
                <span className="w-12 shrink-0 text-tinta-500 tabular-nums">{dayjs(e.fecha).format('DD/MM')}</span>
                <span className="min-w-0">
                  <span className="font-medium text-tinta-800">
                    {e.emocion} · {e.intensidad}/{INTENSIDAD_MAX}
                  </span>
                  {e.nota && <span className="block text-tinta-600 wrap-anywhere">{e.nota}</span>}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
