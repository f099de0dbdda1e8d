// The diary's month: the calendar with each day's emotion, the month's (or a chosen day's) entries,
// and the way to write one.
import type { Entrada } from '@miduelo/shared/actividades-diario';
import { ChevronLeft, ChevronRight, PenLine } from 'lucide-react';
import { useState } from 'react';
import { mesActual, mesDe, nombreMes, ordenar, RUTA_DIARIO, sumarMeses } from '../lib/actividades-diario';
import { Enlace, navegar } from '../lib/enrutador';
import { fechaLarga, hoyClinica } from '../lib/fechas';
import { CalendarioMes } from './diario-calendario';
import { type Diario, EstadoDiario, ResumenEntrada, rutaMes, tomarAvisoDelMes } from './diario-comun';
import { Aviso, Tarjeta, Titulo } from './ui';

export function MesDelDiario({ diario, mes }: { diario: Diario; mes: string }) {
  const hoy = hoyClinica();
  const [dia, setDia] = useState<string | null>(null);
  const [aviso] = useState(tomarAvisoDelMes);
  const delMes = ordenar((diario.datos ?? []).filter((e) => mesDe(e.fecha) === mes));
  const porDia = new Map<string, Entrada[]>();
  for (const e of delMes) porDia.set(e.fecha, [...(porDia.get(e.fecha) ?? []), e]);
  const visibles = dia ? (porDia.get(dia) ?? []) : delMes;
  const esActual = mes >= mesActual();
  const nombre = nombreMes(mes);

  const irAMes = (n: number) => {
    setDia(null);
    navegar(rutaMes(sumarMeses(mes, n)));
  };

  return (
    <div className="space-y-4">
      <Titulo sub="Un lugar solo para ti. Tu psicóloga o psicólogo lee únicamente lo que decidas compartir.">Mi diario</Titulo>
      {aviso && <Aviso tono="exito">{aviso}</Aviso>}
      <Enlace
        a={`${RUTA_DIARIO}/nueva`}
        className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-salvia-600 px-5 font-semibold text-white active:bg-salvia-700"
      >
        <PenLine aria-hidden className="size-5" /> Escribir cómo me siento
      </Enlace>
      <EstadoDiario diario={diario} />

      <Tarjeta className="px-2 sm:px-4">
        <div className="mb-2 flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => irAMes(-1)}
            className="inline-flex size-11 items-center justify-center rounded-full text-tinta-700 active:bg-arena-100"
            aria-label="Mes anterior"
          >
            <ChevronLeft aria-hidden className="size-6" />
          </button>
          <h2
            className="whitespace-nowrap font-serif text-lg text-tinta-900 first-letter:uppercase"
            aria-live="polite"
            data-testid="mes-diario"
          >
            {nombre}
          </h2>
          <button
            type="button"
            onClick={() => irAMes(1)}
            disabled={esActual}
            className="inline-flex size-11 items-center justify-center rounded-full text-tinta-700 active:bg-arena-100 disabled:text-tinta-400 disabled:opacity-40"
            aria-label="Mes siguiente"
          >
            <ChevronRight aria-hidden className="size-6" />
          </button>
        </div>
        <CalendarioMes mes={mes} nombre={nombre} porDia={porDia} hoy={hoy} elegido={dia} alElegir={setDia} />
      </Tarjeta>

      <section aria-labelledby="entradas-mes" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="entradas-mes" className="font-semibold text-tinta-800">
            {dia ? (
              <span className="first-letter:uppercase">{fechaLarga(dia)}</span>
            ) : (
              `Tus entradas de ${nombre.replace(/ de \d{4}$/, '')}`
            )}
          </h2>
          {dia && (
            <button type="button" onClick={() => setDia(null)} className="min-h-11 text-salvia-700 underline">
              Ver todo el mes
            </button>
          )}
        </div>
        {diario.datos !== undefined && visibles.length === 0 && (
          <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
            {dia
              ? 'Este día no escribiste nada, y está bien.'
              : `No hay entradas en ${nombre.replace(/ de \d{4}$/, '')}. Cuando quieras, escribe cómo te sientes; no hace falta hacerlo todos los días.`}
            {dia && dia <= hoy && (
              <>
                {' '}
                <Enlace a={`${RUTA_DIARIO}/nueva?fecha=${dia}`} className="font-semibold text-salvia-700 underline">
                  Escribir sobre ese día
                </Enlace>
              </>
            )}
          </p>
        )}
        <ul className="space-y-3" data-testid="entradas-diario">
          {visibles.map((e) => (
            <li key={e.id_entrada}>
              <ResumenEntrada entrada={e} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
