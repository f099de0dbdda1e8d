// Home's "today's pending activities" (issue 17, docs/decisions/203): in progress and due today or
// earlier, live when the psychologist assigns, changes or reminds. Types only from shared/: this
// stays in the first load.
import { ChevronRight, Sprout } from 'lucide-react';
import { useMisActividades } from '../api/actividades';
import { aplicarAsignacion, pendientesDeHoy, textoFechaLimite } from '../lib/actividades';
import { useAlDia, useEvento } from '../lib/conexion';
import { Enlace } from '../lib/enrutador';

export function PendientesDeHoy() {
  const actividades = useMisActividades();
  useEvento('mi-actividad:cambio', (p) => actividades.fijar((l) => aplicarAsignacion(l, p.tipo, p.asignacion)));
  useAlDia(() => void actividades.recargar());
  const hoy = pendientesDeHoy(actividades.datos);
  const enCurso = (actividades.datos ?? []).filter((a) => a.estado === 'en_proceso').length;
  const otras = enCurso - hoy.length;

  return (
    <section aria-labelledby="actividades-de-hoy" className="rounded-2xl border border-arena-200 bg-papel p-4">
      <h2 id="actividades-de-hoy" className="mb-2 flex items-center gap-2 font-semibold text-tinta-800">
        <Sprout aria-hidden className="size-5 text-salvia-600" /> Tus actividades de hoy
      </h2>
      {actividades.datos === undefined ? (
        <p className="text-tinta-600">{actividades.error ? actividades.error.message : 'Cargando…'}</p>
      ) : hoy.length === 0 ? (
        <p className="text-tinta-600">Nada pendiente para hoy. Date el tiempo que necesites.</p>
      ) : (
        <ul className="-mx-1 space-y-1" aria-label="Actividades de hoy">
          {hoy.map((a) => (
            <li key={a.id_asignacion}>
              <Enlace
                a={`/proceso/actividad/${a.id_asignacion}`}
                className="flex min-h-12 items-center gap-2 rounded-xl px-1 py-1.5 active:bg-arena-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-tinta-900 [overflow-wrap:anywhere]">{a.actividad.titulo}</span>
                  <span className="block text-sm text-tinta-600">{textoFechaLimite(a.fecha_limite)}</span>
                </span>
                <ChevronRight aria-hidden className="size-5 shrink-0 text-tinta-400" />
              </Enlace>
            </li>
          ))}
        </ul>
      )}
      {otras > 0 && (
        <p className="mt-2 text-sm text-tinta-600">
          {otras === 1
            ? 'Tienes otra actividad en curso, sin prisa para hoy.'
            : `Tienes otras ${otras} actividades en curso, sin prisa para hoy.`}
        </p>
      )}
      <Enlace a="/proceso" className="mt-3 inline-flex min-h-11 items-center font-semibold text-salvia-700 underline">
        Ver mi proceso
      </Enlace>
    </section>
  );
}
