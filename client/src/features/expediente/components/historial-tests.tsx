import { type Aplicacion, type Banda, colorPuntaje, type Evolucion, TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { AlertTriangle, ClipboardCheck, Download, Eye, NotebookPen } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorCarga } from '@/components/ui/error-carga';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { Cargando } from '@/components/ui/spinner';
import { AlAbrir } from '@/lib/diferido';
import { cx } from '@/lib/cx';
import { fechaCorta, fechaHora } from '@/lib/format';
import { descargarPdf } from '../formato';
import type { ExpedienteEnVivo } from '../use-expediente-en-vivo';

// The chart library is loaded only when the history shows a chart (decision 105).
const GraficaEvolucion = lazy(() => import('./grafica-evolucion'));
const RespuestasDialog = lazy(() => import('./respuestas-dialog'));
const NotaDialog = lazy(() => import('./nota-dialog'));

const TODOS = 'todos';
const CIRCULO = {
  verde: 'bg-exito-50 text-exito-700 ring-confirmada-borde',
  amarillo: 'bg-aviso-50 text-aviso-700 ring-pendiente-borde',
  rojo: 'bg-peligro-50 text-peligro-700 ring-cancelada-borde',
} as const;
const SIN_COLOR = 'bg-arena-100 text-tinta-700 ring-arena-200';

/** 'Historial de Tests' (spec 1 §2): filter by test with Limpiar Filtro, the score evolution (a chart
 * with the bands shaded, then the table), and 'Tests Aplicados (n)' with the answers and the PDF. */
export function HistorialTests({
  vivo,
  filtroTest,
  onFiltro,
}: {
  vivo: ExpedienteEnVivo;
  filtroTest: number | null;
  onFiltro: (id: number | null) => void;
}) {
  const tests = vivo.tests.data ?? [];
  const { items: aplicaciones, cargada, error } = vivo.aplicaciones;
  const { items: evolucion } = vivo.evolucion;
  const [viendo, setViendo] = useState<Aplicacion | null>(null);
  // A note tied to an application (spec 1 §2: its type is fixed to test).
  const [anotando, setAnotando] = useState<Aplicacion | null>(null);
  const visibles = useMemo(
    () => (filtroTest === null ? aplicaciones : aplicaciones.filter((a) => a.id_test === filtroTest)),
    [aplicaciones, filtroTest],
  );
  // Tests that appear in the history (a retired test too), for the filter.
  const opciones = useMemo(() => {
    const nombres = new Map<number, string>();
    for (const t of tests) nombres.set(t.id_test, t.nombre);
    for (const a of aplicaciones) nombres.set(a.id_test, a.test.nombre);
    return [
      { valor: TODOS, etiqueta: TEXTOS_EXPEDIENTE.todosLosTests },
      ...[...nombres].map(([id, n]) => ({ valor: String(id), etiqueta: n })),
    ];
  }, [tests, aplicaciones]);

  if (!cargada && !error) return <Cargando texto="Cargando historial..." />;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="filtro-test" className="text-sm font-medium text-tinta-700">
          Filtrar por test
        </label>
        <Select
          id="filtro-test"
          className="sm:w-80"
          value={filtroTest === null ? TODOS : String(filtroTest)}
          onValueChange={(v) => onFiltro(v === TODOS ? null : Number(v))}
          opciones={opciones}
        />
        <Button variante="secundario" tamano="sm" onClick={() => onFiltro(null)} disabled={filtroTest === null}>
          {TEXTOS_EXPEDIENTE.limpiarFiltro}
        </Button>
      </div>

      {!cargada ? (
        <ErrorCarga texto={TEXTOS_EXPEDIENTE.errorHistorial} onReintentar={vivo.aplicaciones.recargar} />
      ) : visibles.length === 0 ? (
        <EmptyState icono={ClipboardCheck} titulo={TEXTOS_EXPEDIENTE.sinAplicados} />
      ) : (
        <>
          <Card className="p-4 sm:p-5">
            <h3 className="font-semibold text-tinta-900">{TEXTOS_EXPEDIENTE.evolucion}</h3>
            <Suspense fallback={<div className="h-56" aria-hidden />}>
              <GraficaEvolucion evolucion={evolucion} tests={tests} />
            </Suspense>
            <TablaEvolucion evolucion={evolucion} />
          </Card>

          <section aria-labelledby="titulo-aplicados">
            <h3 id="titulo-aplicados" className="mb-3 font-semibold text-tinta-900">
              {TEXTOS_EXPEDIENTE.testsAplicados(visibles.length)}
            </h3>
            <ul className="flex flex-col gap-3">
              {visibles.map((a) => (
                <li key={a.id_aplicacion}>
                  <TarjetaAplicacion
                    a={a}
                    bandas={tests.find((t) => t.id_test === a.id_test)?.bandas}
                    onVer={() => setViendo(a)}
                    onNota={() => setAnotando(a)}
                  />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <AlAbrir abierto={viendo !== null}>
        <RespuestasDialog aplicacion={viendo} onCerrar={() => setViendo(null)} />
      </AlAbrir>
      <AlAbrir abierto={anotando !== null}>
        <NotaDialog
          abierto={anotando !== null}
          nota={null}
          idPaciente={anotando?.id_paciente ?? 0}
          idAplicacion={anotando?.id_aplicacion ?? null}
          onCerrar={() => setAnotando(null)}
          onGuardada={(n) => {
            vivo.cambioNota('creada', n);
            setAnotando(null);
          }}
        />
      </AlAbrir>
    </div>
  );
}

function TablaEvolucion({ evolucion }: { evolucion: Evolucion[] }) {
  const filas = [...evolucion].reverse();
  const riesgo = (e: Evolucion) =>
    e.riesgo ? <AlertTriangle className="ml-1 inline size-4 text-peligro-600" aria-label={TEXTOS_EXPEDIENTE.riesgo} /> : null;
  return (
    <>
      {/* On a phone the four columns do not fit: each row is a small block there. */}
      <ul className="mt-4 flex flex-col divide-y divide-arena-100 sm:hidden" aria-label={TEXTOS_EXPEDIENTE.evolucion}>
        {filas.map((e) => (
          <li key={e.id_aplicacion} className="py-2.5 text-sm">
            <p className="flex justify-between gap-3">
              <span className="text-tinta-600 tabular-nums">{fechaCorta(e.fecha)}</span>
              <span className="font-semibold tabular-nums">
                {e.puntaje}
                {riesgo(e)}
              </span>
            </p>
            <p className="font-medium text-tinta-900 wrap-anywhere">{e.nombre_test}</p>
            <p className="text-tinta-700 wrap-anywhere">{e.interpretacion}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4 hidden sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{TEXTOS_EXPEDIENTE.evolucion}</caption>
          <thead className="border-b border-arena-200 text-left text-tinta-600">
            <tr>
              {['Fecha', 'Test', 'Puntaje', 'Interpretación'].map((c) => (
                <th key={c} scope="col" className="px-3 py-2 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {filas.map((e) => (
              <tr key={e.id_aplicacion} className="border-b border-arena-100 align-top last:border-0">
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{fechaCorta(e.fecha)}</td>
                <td className="px-3 py-2 wrap-anywhere">{e.nombre_test}</td>
                <td className="px-3 py-2 font-semibold whitespace-nowrap tabular-nums">
                  {e.puntaje}
                  {riesgo(e)}
                </td>
                <td className="px-3 py-2 text-tinta-700 wrap-anywhere">{e.interpretacion}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function TarjetaAplicacion({
  a,
  bandas,
  onVer,
  onNota,
}: {
  a: Aplicacion;
  bandas: Banda[] | undefined;
  onVer: () => void;
  onNota: () => void;
}) {
  const r = a.resultado;
  // Coloured by the instrument's own bands, as its chart and its interpretation (decision 346).
  const color = r ? colorPuntaje(r.puntaje_total, bandas, r.riesgo) : null;
  return (
    <Card className={cx('flex flex-col gap-3 p-4 sm:flex-row sm:items-center', r?.riesgo && 'border-peligro-200')}>
      <span
        className={cx(
          'flex size-14 shrink-0 items-center justify-center rounded-full text-lg font-bold tabular-nums ring-2',
          color ? CIRCULO[color] : SIN_COLOR,
        )}
        data-color={color ?? 'ninguno'}
      >
        <span className="sr-only">Puntaje </span>
        {r ? r.puntaje_total : '—'}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-tinta-900 wrap-anywhere">{a.test.nombre}</p>
          <Badge tono={a.estado === 'completado' ? 'confirmada' : 'pendiente'}>
            {a.estado === 'completado' ? TEXTOS_EXPEDIENTE.completado : TEXTOS_EXPEDIENTE.pendiente}
          </Badge>
          {r?.riesgo ? (
            <Badge tono="peligro">
              <AlertTriangle className="size-3.5" aria-hidden /> {TEXTOS_EXPEDIENTE.riesgo}
            </Badge>
          ) : null}
        </div>
        <p className="text-xs text-tinta-500 tabular-nums">{fechaHora(a.fecha)}</p>
        {r ? <p className="mt-1 text-sm text-tinta-700 wrap-anywhere">{r.interpretacion}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2 sm:flex-col">
        <Button variante="suave" tamano="sm" onClick={onVer} aria-label={`${TEXTOS_EXPEDIENTE.verRespuestas} de ${a.test.nombre}`}>
          <Eye className="size-4" aria-hidden /> {TEXTOS_EXPEDIENTE.verRespuestas}
        </Button>
        <Button variante="secundario" tamano="sm" onClick={() => void descargarPdf(a)}>
          <Download className="size-4" aria-hidden /> {TEXTOS_EXPEDIENTE.descargarPdf}
        </Button>
        <Button variante="fantasma" tamano="sm" onClick={onNota} aria-label={`Agregar nota sobre ${a.test.nombre}`}>
          <NotebookPen className="size-4" aria-hidden /> Nota
        </Button>
      </div>
    </Card>
  );
}
