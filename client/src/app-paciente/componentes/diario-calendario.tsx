// The month as a calendar: one button per day, coloured by its first emotion, with a dot for each
// of up to three emotions; a day is chosen to see its entries.
import type { Entrada } from '@miduelo/shared/actividades-diario';
import { colorDe, semanasDelMes } from '../lib/actividades-diario';
import { fechaLarga } from '../lib/fechas';
import { PuntoEmocion } from './emociones';

const DIAS_SEMANA = [
  ['L', 'lunes'],
  ['M', 'martes'],
  ['M', 'miércoles'],
  ['J', 'jueves'],
  ['V', 'viernes'],
  ['S', 'sábado'],
  ['D', 'domingo'],
] as const;

export function CalendarioMes({
  mes,
  nombre,
  porDia,
  hoy,
  elegido,
  alElegir,
}: {
  mes: string;
  nombre: string;
  porDia: Map<string, Entrada[]>;
  hoy: string;
  elegido: string | null;
  alElegir: (f: string | null) => void;
}) {
  return (
    <table className="w-full table-fixed border-separate border-spacing-1 text-center">
      <caption className="sr-only">Emociones de {nombre}</caption>
      <thead>
        <tr>
          {DIAS_SEMANA.map(([c, largo]) => (
            <th key={largo} scope="col" className="pb-1 text-sm font-medium text-tinta-500">
              <abbr title={largo} className="no-underline">
                {c}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {semanasDelMes(mes).map((semana) => (
          <tr key={semana.find(Boolean)}>
            {semana.map((f, i) =>
              f === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the blank days of a week have no other identity
                <td key={i} />
              ) : (
                <td key={f} className="p-0">
                  <Dia fecha={f} entradas={porDia.get(f) ?? []} hoy={hoy} elegido={elegido === f} alElegir={alElegir} />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Dia({
  fecha,
  entradas,
  hoy,
  elegido,
  alElegir,
}: {
  fecha: string;
  entradas: Entrada[];
  hoy: string;
  elegido: boolean;
  alElegir: (f: string | null) => void;
}) {
  const n = Number(fecha.slice(8));
  const futuro = fecha > hoy;
  const emociones = [...new Set(entradas.map((e) => e.emocion))];
  const etiqueta = `${fechaLarga(fecha)}${entradas.length ? `: ${emociones.join(', ')}` : futuro ? '' : ', sin entradas'}`;
  const principal = entradas[0]?.emocion;
  return (
    <button
      type="button"
      disabled={futuro}
      aria-pressed={elegido}
      aria-label={etiqueta}
      data-fecha={fecha}
      onClick={() => alElegir(elegido ? null : fecha)}
      className={`flex aspect-square min-h-10 w-full flex-col items-center justify-center gap-0.5 rounded-xl text-sm ${
        elegido ? 'ring-2 ring-salvia-600' : fecha === hoy ? 'ring-1 ring-salvia-400' : ''
      } ${futuro ? 'text-tinta-400' : 'text-tinta-800 active:bg-arena-100'}`}
      style={principal ? { background: colorDeFondo(principal) } : undefined}
    >
      <span className={fecha === hoy ? 'font-bold' : ''}>{n}</span>
      <span className="flex h-2 gap-0.5" aria-hidden>
        {emociones.slice(0, 3).map((e) => (
          <PuntoEmocion key={e} emocion={e} className="size-2" />
        ))}
      </span>
    </button>
  );
}

/** The day's colour, softened behind its number. */
function colorDeFondo(emocion: string): string {
  return `color-mix(in srgb, ${colorDe(emocion)} 22%, white)`;
}
