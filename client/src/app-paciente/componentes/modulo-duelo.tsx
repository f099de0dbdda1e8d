// One grief-stage module (decision 202): its progress, its description, and each of its activities,
// to start (it becomes hers) or to go on with.
import type { Asignacion, Modulo } from '@miduelo/shared/actividades';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { iniciarActividadDeModulo } from '../api/actividades';
import { ETIQUETA_ESTADO_APP } from '../lib/actividades';
import { ErrorApi } from '../lib/api';
import { useConexion } from '../lib/conexion';
import { Enlace, navegar } from '../lib/enrutador';
import { Progreso } from './progreso';
import { rutaActividad } from './tarjeta-asignacion';
import { Aviso, Boton } from './ui';

export function ModuloDuelo({ m, alIniciar }: { m: Modulo; alIniciar: (a: Asignacion) => void }) {
  return (
    <details className="group rounded-2xl border border-arena-200 bg-papel" data-modulo={m.etapa_duelo}>
      <summary className="flex min-h-14 cursor-pointer list-none flex-col gap-2 p-4 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center justify-between gap-2">
          <span className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{m.etapa_duelo}</span>
          <span className="flex shrink-0 items-center gap-1 text-sm text-salvia-700">
            <span className="group-open:hidden">Ver actividades</span>
            <span className="hidden group-open:inline">Ocultar</span>
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
          </span>
        </span>
        <Progreso
          etiqueta={`Avance en ${m.etapa_duelo}`}
          visible={`${m.actividades_completadas} de ${m.actividades_totales} terminadas`}
          valor={m.progreso}
        />
      </summary>
      <div className="border-t border-arena-100 px-4 pt-3 pb-4">
        <p className="mb-3 text-tinta-700 [overflow-wrap:anywhere]">{m.descripcion}</p>
        <ul className="space-y-3" aria-label={`Actividades de ${m.etapa_duelo}`}>
          {m.actividades.map((a) => (
            <li key={a.id_actividad} className="rounded-xl bg-crema p-3">
              <p className="font-medium text-tinta-900 [overflow-wrap:anywhere]">{a.titulo}</p>
              {a.descripcion && <p className="mt-1 text-sm text-tinta-700 [overflow-wrap:anywhere]">{a.descripcion}</p>}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm text-tinta-600">{ETIQUETA_ESTADO_APP[a.estado]}</span>
                {a.estado === 'no_asignada' || a.id_asignacion === null ? (
                  <Empezar idActividad={a.id_actividad} titulo={a.titulo} alIniciar={alIniciar} />
                ) : (
                  <Enlace
                    a={rutaActividad(a.id_asignacion)}
                    className="inline-flex min-h-11 items-center font-semibold text-salvia-700 underline"
                  >
                    {a.estado === 'finalizada' ? 'Ver lo que hice' : 'Continuar'}
                  </Enlace>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

function Empezar({ idActividad, titulo, alIniciar }: { idActividad: number; titulo: string; alIniciar: (a: Asignacion) => void }) {
  const [enviando, setEnviando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enLinea = useConexion((c) => c.enLinea);
  async function empezar() {
    setEnviando(true);
    setError(null);
    try {
      const a = await iniciarActividadDeModulo(idActividad);
      alIniciar(a);
      navegar(rutaActividad(a.id_asignacion));
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos empezar esta actividad.');
      setEnviando(false);
    }
  }
  return (
    <>
      <Boton variante="secundario" onClick={empezar} disabled={enviando || !enLinea} aria-label={`Empezar «${titulo}»`}>
        {enviando ? 'Empezando…' : 'Empezar'}
      </Boton>
      {error && (
        <div className="w-full">
          <Aviso tono="error">{error}</Aviso>
        </div>
      )}
    </>
  );
}
