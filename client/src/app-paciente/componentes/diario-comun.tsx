// What the diary's screens share: the entries' resource, its loading state, an entry's summary and
// sharing badge, the way back, and the notice a screen leaves for the month it returns to.
import type { Entrada } from '@miduelo/shared/actividades-diario';
import { ArrowLeft, Eye, EyeOff } from 'lucide-react';
import type { useMiDiario } from '../api/actividades-diario';
import { mesActual, RUTA_DIARIO, textoIntensidad } from '../lib/actividades-diario';
import { Enlace } from '../lib/enrutador';
import { fechaLarga } from '../lib/fechas';
import { PuntoEmocion } from './emociones';
import { Aviso, AvisoGuardado } from './ui';

export type Diario = ReturnType<typeof useMiDiario>;

export const rutaMes = (mes: string) => (mes === mesActual() ? RUTA_DIARIO : `${RUTA_DIARIO}/mes/${mes}`);

/** A message for the next screen (after deleting, the month says so). */
let avisoSiguiente: string | null = null;

/** After deleting an entry, the month it returns to says so (once). */
export function anunciarEnElMes(aviso: string): void {
  avisoSiguiente = aviso;
}

export function tomarAvisoDelMes(): string | null {
  const a = avisoSiguiente;
  avisoSiguiente = null;
  return a;
}

export function EstadoDiario({ diario }: { diario: Diario }) {
  if (diario.datos !== undefined) return <AvisoGuardado visible={diario.guardado && diario.error !== null} />;
  return diario.error ? <Aviso tono="error">{diario.error.message}</Aviso> : <p className="text-tinta-600">Cargando tu diario…</p>;
}

export function Compartida({ compartida }: { compartida: boolean }) {
  return compartida ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-salvia-50 px-2.5 py-0.5 text-sm text-salvia-800">
      <Eye aria-hidden className="size-4" /> Compartida
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-arena-100 px-2.5 py-0.5 text-sm text-tinta-700">
      <EyeOff aria-hidden className="size-4" /> Solo para ti
    </span>
  );
}

export function ResumenEntrada({ entrada: e }: { entrada: Entrada }) {
  return (
    <Enlace
      a={`${RUTA_DIARIO}/${e.id_entrada}`}
      className="block rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50"
      data-testid={`entrada-${e.id_entrada}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2 font-semibold text-tinta-900">
          <PuntoEmocion emocion={e.emocion} />
          {e.emocion}
          <span className="font-normal text-tinta-600">· {textoIntensidad(e.intensidad)}</span>
        </span>
        <Compartida compartida={e.compartida} />
      </div>
      <p className="mt-1 text-sm text-tinta-600 first-letter:uppercase">{fechaLarga(e.fecha)}</p>
      {e.nota && <p className="mt-2 line-clamp-2 text-tinta-800 [overflow-wrap:anywhere]">{e.nota}</p>}
    </Enlace>
  );
}

export function Volver({ a, texto }: { a: string; texto: string }) {
  return (
    <Enlace a={a} className="-ml-1 mb-2 inline-flex min-h-11 items-center gap-1 text-salvia-700">
      <ArrowLeft aria-hidden className="size-5" /> {texto}
    </Enlace>
  );
}
