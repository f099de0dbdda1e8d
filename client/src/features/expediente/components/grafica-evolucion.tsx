import { colorDeBanda, type Evolucion, type Test } from '@miduelo/shared/expediente';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fechaCorta } from '@/lib/format';

// Band shades, by the colour the score circle takes in that band (decision 346).
const SOMBRAS = { verde: 'rgba(91,140,110,0.10)', amarillo: 'rgba(214,170,60,0.13)', rojo: 'rgba(196,84,64,0.13)' } as const;

/**
 * The score evolution as charts (decision 105): one per test shown (a test's own scale and bands),
 * score over time with each band shaded, readable on a phone. uPlot is loaded with this component
 * only, never on the first screens.
 */
export default function GraficaEvolucion({ evolucion, tests }: { evolucion: Evolucion[]; tests: Test[] }) {
  const grupos = useMemo(() => {
    const porTest = new Map<number, Evolucion[]>();
    for (const e of evolucion) porTest.set(e.id_test, [...(porTest.get(e.id_test) ?? []), e]);
    return [...porTest].map(([id, filas]) => ({ id, filas, test: tests.find((t) => t.id_test === id) }));
  }, [evolucion, tests]);
  if (grupos.length === 0) return null;
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-2">
      {grupos.map((g) => (
        <figure key={g.id} className="min-w-0">
          <figcaption className="mb-1 text-sm font-medium text-tinta-700 wrap-anywhere">{g.filas[0].nombre_test}</figcaption>
          <Grafica filas={g.filas} test={g.test} />
          {g.test && !g.test.bandas_validadas ? (
            <p className="mt-1 text-xs text-tinta-500">Bandas descriptivas, no validadas como puntos de corte.</p>
          ) : null}
        </figure>
      ))}
    </div>
  );
}

function Grafica({ filas, test }: { filas: Evolucion[]; test: Test | undefined }) {
  const caja = useRef<HTMLDivElement>(null);
  const datos = useMemo(() => filas.map((f) => [new Date(f.fecha).getTime() / 1000, f.puntaje] as const), [filas]);

  useEffect(() => {
    const el = caja.current;
    if (!el) return;
    const minimo = test?.puntaje_minimo ?? Math.min(...datos.map((d) => d[1]));
    const maximo = test?.puntaje_maximo ?? Math.max(...datos.map((d) => d[1]));
    const xs = datos.map((d) => d[0]);
    // A little room either side of the points (a week around a single one).
    const margen = Math.max(86_400, (Math.max(...xs) - Math.min(...xs)) * 0.05, xs.length === 1 ? 7 * 86_400 : 0);
    const xMin = Math.min(...xs) - margen;
    const xMax = Math.max(...xs) + margen;
    const bandas = test?.bandas ?? [];
    const opciones: uPlot.Options = {
      width: el.clientWidth || 320,
      height: 220,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true, range: [xMin, xMax] }, y: { range: [minimo, maximo] } },
      axes: [
        {
          stroke: '#55606b',
          grid: { stroke: '#eee8dd' },
          values: (_u, vals) => vals.map((v) => fechaCorta(new Date(v * 1000).toISOString()).slice(0, 5)),
        },
        { stroke: '#55606b', grid: { stroke: '#eee8dd' }, size: 40 },
      ],
      series: [
        {},
        {
          label: 'Puntaje',
          stroke: '#3f6b58',
          width: 2,
          points: { show: true, size: 8, fill: '#3f6b58' },
        },
      ],
      hooks: {
        drawClear: [
          (u) => {
            const ctx = u.ctx;
            const { left, width } = u.bbox;
            bandas.forEach((b, i) => {
              const arriba = u.valToPos(b.maximo, 'y', true);
              const abajo = u.valToPos(b.minimo, 'y', true);
              ctx.fillStyle = SOMBRAS[colorDeBanda(bandas, i)];
              ctx.fillRect(left, arriba, width, abajo - arriba);
            });
          },
        ],
      },
    };
    const grafica = new uPlot(opciones, [xs, datos.map((d) => d[1])], el);
    const ajustar = new ResizeObserver(() => grafica.setSize({ width: el.clientWidth || 320, height: 220 }));
    ajustar.observe(el);
    return () => {
      ajustar.disconnect();
      grafica.destroy();
    };
  }, [datos, test]);

  const resumen = filas.map((f) => `${fechaCorta(f.fecha)}: ${f.puntaje}`).join(', ');
  return <div ref={caja} role="img" aria-label={`Puntajes por fecha: ${resumen}`} className="w-full" />;
}
