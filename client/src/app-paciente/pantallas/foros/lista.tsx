// The list of forums in the patient's app: those she joined and the public ones she may join
// (decisions 161, 255), with their counts live.
import type { Foro } from '@miduelo/shared/foros';
import { useForosPublicos } from '../../api/foros';
import { Aviso, Titulo } from '../../componentes/ui';
import { useEventoForo as useEvento } from '@/nucleo/live/use-evento-foros';
import { useAlDia } from '../../lib/conexion';
import { Enlace } from '../../lib/enrutador';
import { RUTA_FOROS } from '../../lib/foros';
import { Conteos, mensajeDe } from './comun';

export function ListaForos() {
  const lista = useForosPublicos();
  useAlDia(() => void lista.recargar());
  const error = lista.error && mensajeDe(lista.error, 'No se pudieron cargar los foros.');
  useEvento('foro:conteos', (c) =>
    lista.fijar((l) => l && { ...l, data: l.data.map((f) => (f.id_foro === c.id_foro ? { ...f, ...c } : f)) }),
  );
  const foros = lista.datos?.data ?? [];
  const mios = foros.filter((f) => f.es_participante);
  const otros = foros.filter((f) => !f.es_participante);

  return (
    <div className="space-y-5">
      <Titulo sub="Espacios para conversar sobre el duelo con otras personas que lo viven, acompañados por profesionales.">Foros</Titulo>
      {error &&
        (lista.datos ? (
          <p className="text-sm text-tinta-600">Mostramos lo último que se guardó en este teléfono.</p>
        ) : (
          <Aviso tono="error">{error}</Aviso>
        ))}
      {!lista.datos && !error && <p className="text-tinta-600">Cargando…</p>}
      {lista.datos && (
        <>
          <section aria-labelledby="mis-foros" className="space-y-3">
            <h2 id="mis-foros" className="font-semibold text-tinta-800">
              Tus foros
            </h2>
            {mios.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
                Aún no participas en ningún foro. Puedes leer los que hay abajo y unirte cuando te sientas lista o listo.
              </p>
            ) : (
              <ul className="space-y-3">
                {mios.map((f) => (
                  <li key={f.id_foro}>
                    <TarjetaForo foro={f} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="otros-foros" className="space-y-3">
            <h2 id="otros-foros" className="font-semibold text-tinta-800">
              Puedes unirte
            </h2>
            {otros.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-arena-300 px-4 py-5 text-tinta-600">
                {foros.length === 0 ? 'Por ahora no hay foros abiertos. Vuelve pronto.' : 'Ya participas en todos los foros abiertos.'}
              </p>
            ) : (
              <ul className="space-y-3">
                {otros.map((f) => (
                  <li key={f.id_foro}>
                    <TarjetaForo foro={f} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function TarjetaForo({ foro }: { foro: Foro }) {
  return (
    <Enlace a={`${RUTA_FOROS}/${foro.id_foro}`} className="block rounded-2xl border border-arena-200 bg-papel p-4 active:bg-arena-50">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{foro.titulo}</h3>
        {foro.es_participante && (
          <span className="shrink-0 rounded-full bg-salvia-50 px-2.5 py-0.5 text-sm text-salvia-800">Participas</span>
        )}
      </div>
      {foro.descripcion && <p className="mt-1 line-clamp-3 text-tinta-700 [overflow-wrap:anywhere]">{foro.descripcion}</p>}
      <div className="mt-2">
        <Conteos foro={foro} />
      </div>
    </Enlace>
  );
}
